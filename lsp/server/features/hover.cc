/*!
 * \file hover.cc
 * \brief Hover: the canonical IR of what is at the position (the worker's `what-is-at`).
 */
#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

std::optional<HoverContent> Hover(const std::optional<script::bridge::NodeInfo>& node,
                                  const std::vector<script::bridge::Symbol>& symbols,
                                  const HoverOptions& options) {
  if (!node) return std::nullopt;
  std::string quote = options.markdown ? "`" : "";
  std::string about = node->kind == "symbol" ? "symbol" : quote + node->kind + quote;
  if (!node->type.empty()) about += ": " + quote + node->type + quote;
  for (const script::bridge::Symbol& symbol : symbols) {
    if (!node->symbol || symbol.id != *node->symbol) continue;
    about += "\n\n" + symbol.kind + " " + quote + symbol.name + quote;
    if (symbol.definition_range) {
      about += ", defined on line " + std::to_string(symbol.definition_range->line);
    }
    break;
  }
  std::string text = options.markdown ? "```python\n" + node->text + "\n```" : node->text;
  return HoverContent{node->range, text + "\n\n" + about};
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
