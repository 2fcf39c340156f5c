/*!
 * \file folding_range.cc
 * \brief Folding ranges from the text's syntax: compound statements' blocks and runs of
 *  comment lines.
 */
#include <algorithm>

#include "features.h"
#include "python_text.h"

namespace tvm {
namespace lsp {
namespace features {

namespace {

bool IsCommentLine(std::string_view line) {
  size_t start = line.find_first_not_of(" \t\f");
  return start != std::string_view::npos && line[start] == '#';
}

}  // namespace

std::vector<Fold> FoldingRanges(const std::string& text) {
  std::vector<std::string_view> lines = SplitLines(text);
  std::vector<std::string> code = CodeLines(lines);
  std::vector<Fold> folds;
  auto count = static_cast<int64_t>(lines.size());
  std::vector<int64_t> ends = BlockEnds(code);
  for (int64_t line = 1; line <= count; ++line) {
    int64_t end = ends[static_cast<size_t>(line - 1)];
    if (end > line) folds.push_back(Fold{line, end, false});
  }
  for (int64_t line = 1; line <= count; ++line) {
    if (!IsCommentLine(lines[static_cast<size_t>(line - 1)])) continue;
    int64_t end = line;
    while (end < count && IsCommentLine(lines[static_cast<size_t>(end)])) ++end;
    if (end > line) folds.push_back(Fold{line, end, true});
    line = end;
  }
  std::stable_sort(folds.begin(), folds.end(),
                   [](const Fold& a, const Fold& b) { return a.start_line < b.start_line; });
  return folds;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
