/*!
 * \file definition.cc
 * \brief Go to definition (and declaration): the definition occurrences of the symbol at the
 *  position.
 */
#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

std::vector<bridge::Range> Definition(const bridge::ParseResult& result, int64_t line,
                                      int64_t column) {
  std::vector<bridge::Range> ranges;
  const bridge::Occurrence* at = OccurrenceAt(result, line, column);
  if (at == nullptr) return ranges;
  for (const bridge::Occurrence& occurrence : result.occurrences) {
    if (occurrence.symbol == at->symbol && occurrence.is_definition) {
      ranges.push_back(occurrence.range);
    }
  }
  if (!ranges.empty()) return ranges;
  for (const bridge::Symbol& symbol : result.symbols) {
    if (symbol.id == at->symbol && symbol.definition_range) {
      ranges.push_back(*symbol.definition_range);
    }
  }
  return ranges;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
