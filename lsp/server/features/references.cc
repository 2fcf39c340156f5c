/*!
 * \file references.cc
 * \brief Find references: every occurrence of the symbol at the position, with or without
 *  its definitions.
 */
#include <algorithm>

#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

bool Before(const bridge::Range& a, const bridge::Range& b) {
  return std::tie(a.line, a.column, a.end_line, a.end_column) <
         std::tie(b.line, b.column, b.end_line, b.end_column);
}

}  // namespace

std::vector<bridge::Range> References(const bridge::ParseResult& result, int64_t line,
                                      int64_t column, const ReferencesOptions& options) {
  std::vector<bridge::Range> ranges;
  const bridge::Occurrence* at = OccurrenceAt(result, line, column);
  if (at == nullptr) return ranges;
  for (const bridge::Occurrence& occurrence : result.occurrences) {
    if (occurrence.symbol != at->symbol) continue;
    if (occurrence.is_definition && !options.include_declaration) continue;
    ranges.push_back(occurrence.range);
  }
  // A module symbol's occurrences come from several definitions' parts.
  std::sort(ranges.begin(), ranges.end(), Before);
  ranges.erase(std::unique(ranges.begin(), ranges.end()), ranges.end());
  return ranges;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
