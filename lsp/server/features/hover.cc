/*!
 * \file hover.cc
 * \brief Hover: the canonical IR of what is at the position (NodeAt, from the position
 *  index), and the symbol it names.
 */
#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

std::optional<HoverContent> Hover(const std::optional<NodeInfo>& node,
                                  const HoverOptions& options) {
  if (!node) return std::nullopt;
  std::string quote = options.markdown ? "`" : "";
  std::string about = node->kind == "symbol" ? "symbol" : quote + node->kind + quote;
  if (!node->type.empty()) about += ": " + quote + node->type + quote;
  if (const std::optional<script::bridge::Symbol>& symbol = node->symbol) {
    about += "\n\n" + symbol->kind + " " + quote + symbol->name + quote;
    if (symbol->definition_range) {
      about += ", defined on line " + std::to_string(symbol->definition_range->line);
    }
  }
  std::string text = options.markdown ? "```python\n" + node->text + "\n```" : node->text;
  return HoverContent{node->range, text + "\n\n" + about};
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
