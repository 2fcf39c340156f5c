/*!
 * \file node_at.cc
 * \brief What is at a position, from the server's position index: the definition holding the
 *  line, then its nodes (relative lines), then its occurrences.
 */
#include <utility>

#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief Lines spanned, then the end column on one line (the last line's on several). */
std::pair<int64_t, int64_t> Extent(const bridge::Range& range) {
  int64_t lines = range.end_line - range.line;
  return {lines, lines == 0 ? range.end_column - range.column : range.end_column};
}

/*! \brief The symbol `id` names: a module symbol, else one of the part's. */
std::optional<bridge::Symbol> FindSymbol(const bridge::DefinitionPart& part,
                                         const std::vector<bridge::Symbol>& module_symbols,
                                         const std::string& id) {
  for (const bridge::Symbol& symbol : module_symbols) {
    if (symbol.id == id) return symbol;
  }
  for (const bridge::Symbol& symbol : part.symbols) {
    if (symbol.id == id) return symbol;
  }
  return std::nullopt;
}

}  // namespace

std::optional<NodeInfo> NodeAt(const PartsIndex& index, int64_t line, int64_t column) {
  const bridge::DefinitionPart* part = index.PartAt(line);
  if (part == nullptr) return std::nullopt;
  int64_t first = part->definition.range.line;
  const std::vector<int64_t>& nodes = part->nodes;
  std::optional<size_t> best;  // the offset of the best node's fields
  bridge::Range best_range;
  for (size_t k = 0; k + bridge::kNodeFields <= nodes.size(); k += bridge::kNodeFields) {
    bridge::Range range{nodes[k], nodes[k + 1], nodes[k + 2], nodes[k + 3]};
    int64_t about = nodes[k + 4];
    if (about < 0 || static_cast<size_t>(about) >= part->descriptions.size() ||
        !Holds(range, line - first, column)) {
      continue;
    }
    if (part->descriptions[about].kind == "block") {  // a block's name wins
      best = k;
      best_range = range;
      break;
    }
    if (!best || Extent(range) < Extent(best_range)) {
      best = k;
      best_range = range;
    }
  }
  if (best) {
    const bridge::Description& about = part->descriptions[nodes[*best + 4]];
    int64_t occurrence = nodes[*best + 5];
    best_range.line += first;
    best_range.end_line += first;
    NodeInfo found{best_range, about.kind, about.text, about.type, std::nullopt};
    if (occurrence >= 0 && static_cast<size_t>(occurrence) < part->occurrences.size()) {
      found.symbol = FindSymbol(*part, index.module_symbols, part->occurrences[occurrence].symbol);
    }
    return found;
  }
  for (const bridge::Occurrence& occurrence : part->occurrences) {
    if (!Holds(occurrence.range, line, column)) continue;
    std::optional<bridge::Symbol> symbol =
        FindSymbol(*part, index.module_symbols, occurrence.symbol);
    std::string name = symbol ? symbol->name : "";
    std::string type = symbol ? symbol->type : "";
    return NodeInfo{occurrence.range, "symbol", std::move(name), std::move(type),
                    std::move(symbol)};
  }
  return std::nullopt;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
