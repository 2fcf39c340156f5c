/*!
 * \file text_decoration.cc
 * \brief Underlines (`^^^` lines under the text of the requested paths), line numbers, and
 *  context lines with `(... N lines skipped ...)` for the rest.
 */
#include <algorithm>
#include <string>
#include <vector>

#include "text_decoration_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

/*! \brief One line of the text: bytes [begin, end), without its newline. */
struct Line {
  size_t begin;
  size_t end;
  /*! \brief First byte that is not indentation. */
  size_t content;
};

std::vector<Line> SplitIntoLines(const std::string& text) {
  std::vector<Line> lines;
  size_t begin = 0;
  while (true) {
    size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    size_t content = begin;
    while (content < end && text[content] == ' ') ++content;
    lines.push_back({begin, end, content});
    if (end == text.size()) break;
    begin = end + 1;
  }
  return lines;
}

/*! \brief Display columns between two byte offsets: UTF-8 continuation bytes take none. */
size_t Columns(const std::string& text, size_t begin, size_t end) {
  size_t columns = 0;
  for (size_t i = begin; i < end; ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++columns;
  }
  return columns;
}

/*! \brief The caret line under `line`, or "" when no underline touches it. */
std::string CaretLine(const std::string& text, const Line& line,
                      const std::vector<ByteRange>& underlines) {
  std::string carets;
  for (const ByteRange& u : underlines) {
    size_t begin = std::max(u.begin, line.content);
    size_t end = std::min(u.end, line.end);
    bool empty_here = u.begin == u.end && u.begin >= line.begin && u.begin <= line.end;
    if (begin >= end && !empty_here) continue;
    if (empty_here) begin = u.begin, end = u.begin;
    size_t from = Columns(text, line.begin, begin);
    size_t to = std::max(from + 1, Columns(text, line.begin, end));
    if (carets.size() < to) carets.resize(to, ' ');
    std::fill(carets.begin() + from, carets.begin() + to, '^');
  }
  return carets;
}

/*! \brief Which lines to show: those near an underline; a lone hidden line is shown too. */
std::vector<bool> VisibleLines(const std::vector<std::string>& carets, int64_t context) {
  size_t n = carets.size();
  bool any = std::any_of(carets.begin(), carets.end(), [](const auto& c) { return !c.empty(); });
  if (context < 0 || !any) return std::vector<bool>(n, true);
  std::vector<bool> visible(n, false);
  for (size_t i = 0; i < n; ++i) {
    if (carets[i].empty()) continue;
    size_t from = i >= static_cast<size_t>(context) ? i - context : 0;
    size_t to = std::min(n, i + context + 1);
    for (size_t k = from; k < to; ++k) visible[k] = true;
  }
  for (size_t i = 0; i < n; ++i) {
    bool lone = !visible[i] && (i == 0 || visible[i - 1]) && (i + 1 == n || visible[i + 1]);
    if (lone) visible[i] = true;
  }
  return visible;
}

std::string LineNumber(size_t number, size_t width) {
  std::string digits = std::to_string(number);
  return std::string(width - digits.size(), ' ') + digits + " ";
}

}  // namespace

std::vector<ByteRange> SelectUnderlines(const std::vector<PathSpan>& spans,
                                        const ffi::Array<AccessPath>& paths) {
  std::vector<ByteRange> result;
  for (const AccessPath& wanted : paths) {
    int64_t best_depth = -1;
    std::vector<ByteRange> best;
    for (const PathSpan& span : spans) {
      if (!span.path.IsPrefixOf(wanted)) continue;
      int64_t depth = span.path->depth;
      if (depth > best_depth) {
        best_depth = depth;
        best.clear();
      }
      if (depth == best_depth) best.push_back({span.begin, span.end});
    }
    result.insert(result.end(), best.begin(), best.end());
  }
  return result;
}

std::string DecorateText(const std::string& text, const std::vector<ByteRange>& underlines,
                         const PrinterConfigObj& config) {
  std::vector<Line> lines = SplitIntoLines(text);
  std::vector<std::string> carets;
  for (const Line& line : lines) carets.push_back(CaretLine(text, line, underlines));
  std::vector<bool> visible = VisibleLines(carets, config.num_context_lines);
  size_t width = config.print_line_numbers ? std::to_string(lines.size()).size() : 0;
  std::vector<std::string> out;
  for (size_t i = 0; i < lines.size();) {
    if (!visible[i]) {
      size_t j = i;
      while (j < lines.size() && !visible[j]) ++j;
      out.push_back("(... " + std::to_string(j - i) + " lines skipped ...)");
      i = j;
      continue;
    }
    std::string prefix = config.print_line_numbers ? LineNumber(i + 1, width) : "";
    out.push_back(prefix + text.substr(lines[i].begin, lines[i].end - lines[i].begin));
    if (!carets[i].empty()) out.push_back(std::string(prefix.size(), ' ') + carets[i]);
    ++i;
  }
  std::string result;
  for (size_t i = 0; i < out.size(); ++i) result += (i > 0 ? "\n" : "") + out[i];
  return result;
}

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
