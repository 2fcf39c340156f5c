/*!
 * \file document_highlight.cc
 * \brief Document highlight: the occurrences of the symbol at the position, each a write (its
 *  definition, or the target of a store: `A[i] = ...`, `total += x`) or a read.
 */
#include <tvm/lsp/text_change.h>

#include <set>
#include <string_view>

#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

size_t SkipBlanks(std::string_view text, size_t at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
  return at;
}

/*!
 * \brief Whether the name that ends at `end` is assigned to: followed (after an optional
 *  subscript, which may span lines) by `=` or an augmented assignment, not by `==`.
 */
bool IsStoreTarget(std::string_view text, size_t end) {
  size_t at = SkipBlanks(text, end);
  if (at < text.size() && text[at] == '[') {
    int depth = 0;
    for (; at < text.size(); ++at) {
      if (text[at] == '[') ++depth;
      if (text[at] == ']' && --depth == 0) break;
    }
    at = SkipBlanks(text, at + 1);
  }
  if (at >= text.size()) return false;
  if (text[at] == '=') return at + 1 >= text.size() || text[at + 1] != '=';
  for (std::string_view op :
       {"+=", "-=", "*=", "/=", "//=", "%=", "**=", ">>=", "<<=", "&=", "^=", "|=", "@="}) {
    if (text.compare(at, op.size(), op) == 0) return true;
  }
  return false;
}

}  // namespace

std::vector<Highlight> DocumentHighlight(const std::string& text, const bridge::ParseResult& result,
                                         int64_t line, int64_t column) {
  std::vector<Highlight> highlights;
  std::vector<bridge::Range> ranges = References(result, line, column, ReferencesOptions{});
  if (ranges.empty()) return highlights;
  const std::string& symbol = OccurrenceAt(result, line, column)->symbol;
  std::set<std::pair<int64_t, int64_t>> definitions;  // starts of definition occurrences
  for (const bridge::Occurrence& occurrence : result.occurrences) {
    if (occurrence.symbol == symbol && occurrence.is_definition) {
      definitions.emplace(occurrence.range.line, occurrence.range.column);
    }
  }
  for (const bridge::Range& range : ranges) {
    bool write = definitions.count({range.line, range.column}) != 0 ||
                 IsStoreTarget(text, ByteOffset(text, range.end_line, range.end_column));
    highlights.push_back(Highlight{range, write});
  }
  return highlights;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
