/*!
 * \file occurrence_at.cc
 * \brief The occurrence at a position: what every navigation request starts from.
 */
#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

bool Holds(const bridge::Range& range, int64_t line, int64_t column, bool end_inclusive) {
  bool after_start = line > range.line || (line == range.line && column >= range.column);
  bool before_end = line < range.end_line ||
                    (line == range.end_line &&
                     (end_inclusive ? column <= range.end_column : column < range.end_column));
  return after_start && before_end;
}

const bridge::Occurrence* OccurrenceAt(const bridge::ParseResult& result, int64_t line,
                                       int64_t column) {
  // A cursor between two names (`A[i]` has none, `x+y` has) is on the one it starts.
  for (const bridge::Occurrence& occurrence : result.occurrences) {
    if (Holds(occurrence.range, line, column, false)) return &occurrence;
  }
  for (const bridge::Occurrence& occurrence : result.occurrences) {
    if (Holds(occurrence.range, line, column, true)) return &occurrence;
  }
  return nullptr;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
