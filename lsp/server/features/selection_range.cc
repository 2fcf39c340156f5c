/*!
 * \file selection_range.cc
 * \brief Selection ranges: from the name at a position out through its statement's line, the
 *  blocks around it (by indentation), its definition, to the whole text.
 */
#include <algorithm>
#include <optional>

#include "features.h"
#include "python_text.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief Adds `range` when it holds the last one and is larger. */
void Grow(std::vector<bridge::Range>* chain, const bridge::Range& range) {
  if (!chain->empty() && (!range.Holds(chain->back()) || range == chain->back())) return;
  chain->push_back(range);
}

/*! \brief Line `line`'s code, from its first non-blank byte to its last (comments out). */
std::optional<bridge::Range> LineRange(const std::vector<std::string>& code, int64_t line) {
  const std::string& text = code[static_cast<size_t>(line - 1)];
  size_t start = text.find_first_not_of(" \t\f");
  if (start == std::string::npos) return std::nullopt;
  size_t end = text.find_last_not_of(" \t\f") + 1;
  return bridge::Range{line, static_cast<int64_t>(start), line, static_cast<int64_t>(end)};
}

}  // namespace

std::vector<std::vector<bridge::Range>> SelectionRanges(
    const std::string& text, const bridge::ParseResult& result,
    const std::vector<std::pair<int64_t, int64_t>>& positions) {
  std::vector<std::string_view> lines = SplitLines(text);
  std::vector<std::string> code = CodeLines(lines);
  auto count = static_cast<int64_t>(code.size());
  std::vector<int64_t> block_ends = BlockEnds(code);
  // Each non-blank line's nearest non-blank line above that is less indented (0: none): the
  // headers around a line are this chain, so walking it skips the lines between.
  std::vector<int64_t> outer(code.size() + 1, 0);
  std::vector<int64_t> indents(code.size());
  for (size_t k = 0; k < code.size(); ++k) indents[k] = Indent(code[k]);
  std::vector<int64_t> open;  // non-blank lines, each less indented than the next
  for (int64_t line = 1; line <= count; ++line) {
    int64_t width = indents[static_cast<size_t>(line - 1)];
    if (width < 0) continue;
    while (!open.empty() && indents[static_cast<size_t>(open.back() - 1)] >= width) {
      open.pop_back();
    }
    outer[static_cast<size_t>(line)] = open.empty() ? 0 : open.back();
    open.push_back(line);
  }
  std::vector<std::vector<bridge::Range>> chains;
  for (auto [line, column] : positions) {
    std::vector<bridge::Range>& chain = chains.emplace_back();
    line = std::clamp<int64_t>(line, 1, count);
    // Step 1: the name, and the line.
    if (const bridge::Occurrence* at = OccurrenceAt(result, line, column)) {
      Grow(&chain, at->range);
    } else if (auto word = WordAt(code[static_cast<size_t>(line - 1)], column);
               word.first != word.second) {
      Grow(&chain, bridge::Range{line, word.first, line, word.second});
    }
    if (auto own = LineRange(code, line)) Grow(&chain, *own);
    // Step 2: the blocks around it, inner to outer: each less indented header whose body
    // reaches the line (the line's own block first when it is a header).
    int64_t header = line;
    if (indents[static_cast<size_t>(line - 1)] < 0) {  // a blank line: the one above
      while (header >= 1 && indents[static_cast<size_t>(header - 1)] < 0) --header;
    }
    for (; header >= 1; header = outer[static_cast<size_t>(header)]) {
      int64_t end = block_ends[static_cast<size_t>(header - 1)];
      if (end >= line) {
        int64_t last = static_cast<int64_t>(code[static_cast<size_t>(end - 1)].size());
        Grow(&chain,
             bridge::Range{header, Indent(code[static_cast<size_t>(header - 1)]), end, last});
      }
    }
    // Step 3: the definition, then everything.
    for (const bridge::Definition& definition : result.definitions) {
      if (definition.range.line <= line && line <= definition.range.end_line) {
        Grow(&chain, definition.range);
      }
    }
    Grow(&chain, bridge::Range{1, 0, count, static_cast<int64_t>(lines.back().size())});
  }
  return chains;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
