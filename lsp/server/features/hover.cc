/*!
 * \file hover.cc
 * \brief Hover: the canonical IR of what is at the position (the worker's `what-is-at`).
 */
#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

std::optional<HoverContent> Hover(const std::optional<script::bridge::NodeInfo>& node) {
  if (!node) return std::nullopt;
  std::string markdown = "```python\n" + node->text + "\n```";
  std::string about = node->kind == "symbol" ? "symbol" : "`" + node->kind + "`";
  if (!node->type.empty()) about += ": `" + node->type + "`";
  markdown += "\n\n" + about;
  return HoverContent{node->range, std::move(markdown)};
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
