/*!
 * \file lines.cc
 * \brief Line breaks as tvm/lsp/lines.h counts them.
 */
#include <tvm/lsp/lines.h>

namespace tvm {
namespace lsp {

namespace {

/*! \brief Calls `at_start(offset)` for the start of each line after the first. */
template <typename AtStart>
void ForEachLineBreak(std::string_view text, AtStart at_start) {
  for (size_t at = 0; at < text.size(); ++at) {
    if (text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n') ++at;
    if (text[at] == '\n' || text[at] == '\r') at_start(at + 1);
  }
}

}  // namespace

std::vector<size_t> LineStarts(std::string_view text) {
  std::vector<size_t> starts = {0};
  ForEachLineBreak(text, [&](size_t start) { starts.push_back(start); });
  return starts;
}

size_t LineCount(std::string_view text) {
  size_t count = 1;
  ForEachLineBreak(text, [&](size_t) { ++count; });
  return count;
}

std::string_view LineAt(std::string_view text, const std::vector<size_t>& starts, size_t index) {
  size_t start = starts[index];
  size_t end = index + 1 < starts.size() ? starts[index + 1] : text.size();
  while (end > start && (text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
  return text.substr(start, end - start);
}

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<size_t> starts = LineStarts(text);
  std::vector<std::string_view> lines;
  lines.reserve(starts.size());
  for (size_t index = 0; index < starts.size(); ++index) {
    lines.push_back(LineAt(text, starts, index));
  }
  return lines;
}

}  // namespace lsp
}  // namespace tvm
