/*!
 * \file unified_diff.cc
 * \brief Applying edits, and unified diffs built from them (unified_diff.h).
 */
#include "unified_diff.h"

#include <tvm/lsp/lines.h>
#include <tvm/lsp/text_change.h>

#include <algorithm>

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

namespace {

constexpr size_t kContext = 3;

/*! \brief An edit as bytes [start, end) of the old text. */
struct ByteEdit {
  size_t start;
  size_t end;
  std::string text;
};

std::vector<ByteEdit> Sorted(const std::string& text, const std::vector<bridge::TextEdit>& edits) {
  std::vector<ByteEdit> out;
  for (const bridge::TextEdit& edit : edits) {
    size_t start = ByteOffset(text, edit.range.line, edit.range.column);
    size_t end = std::max(start, ByteOffset(text, edit.range.end_line, edit.range.end_column));
    out.push_back({start, end, edit.new_text});
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
  return out;
}

/*! \brief The lines of `text`, each with its line break (tvm/lsp/lines.h); no empty last line. */
std::vector<std::string> Lines(const std::string& text) {
  std::vector<size_t> starts = LineStarts(text);
  starts.push_back(text.size());
  std::vector<std::string> lines;
  for (size_t line = 0; line + 1 < starts.size(); ++line) {
    if (starts[line] == starts[line + 1]) continue;  // the empty last line
    lines.push_back(text.substr(starts[line], starts[line + 1] - starts[line]));
  }
  return lines;
}

/*! \brief Old lines [first, last) become `lines`. */
struct LineChange {
  size_t first;
  size_t last;
  std::vector<std::string> lines;
};

void Emit(char mark, const std::string& line, const Style& style, std::string* out) {
  std::string body = std::string(1, mark) + line;
  // A line ends in "\n", "\r\n" or a lone "\r"; the diff's own break is "\n" (a "\r" stays).
  bool newline = !body.empty() && (body.back() == '\n' || body.back() == '\r');
  if (!body.empty() && body.back() == '\n') body.pop_back();
  if (mark == '-') body = style.Red(body);
  if (mark == '+') body = style.Green(body);
  *out += body + "\n";
  if (!newline) *out += "\\ No newline at end of file\n";
}

}  // namespace

std::string ApplyEdits(const std::string& text, std::vector<bridge::TextEdit> edits) {
  std::vector<ByteEdit> sorted = Sorted(text, edits);
  std::string out = text;
  for (auto it = sorted.rbegin(); it != sorted.rend(); ++it) {
    out.replace(it->start, it->end - it->start, it->text);
  }
  return out;
}

std::string UnifiedDiff(const std::string& name, const std::string& text,
                        std::vector<bridge::TextEdit> edits, const Style& style) {
  std::vector<std::string> old_lines = Lines(text);
  std::vector<size_t> starts;
  for (size_t at = 0, i = 0; i < old_lines.size(); at += old_lines[i++].size())
    starts.push_back(at);
  auto line_of = [&](size_t offset) {
    return static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), offset) -
                               starts.begin()) -
           (starts.empty() ? 0 : 1);
  };
  // Step 1: each edit widened to whole old lines.
  std::vector<LineChange> changes;
  for (const ByteEdit& edit : Sorted(text, edits)) {
    size_t first = starts.empty() ? 0 : line_of(edit.start);
    size_t last = first;
    if (!starts.empty()) {
      bool at_line_start = edit.end < text.size() && edit.end > edit.start &&
                           std::binary_search(starts.begin(), starts.end(), edit.end);
      last = edit.end >= text.size() ? old_lines.size()
                                     : (at_line_start ? line_of(edit.end) : line_of(edit.end) + 1);
    }
    size_t begin = first < starts.size() ? starts[first] : text.size();
    size_t end = last < starts.size() ? starts[last] : text.size();
    std::string replaced =
        text.substr(begin, edit.start - begin) + edit.text + text.substr(edit.end, end - edit.end);
    if (!changes.empty() && first < changes.back().last) first = changes.back().last;
    changes.push_back({first, last, Lines(replaced)});
  }
  // Step 2: hunks, merging changes whose contexts meet.
  std::string out;
  long delta = 0;
  for (size_t i = 0; i < changes.size();) {
    size_t j = i;
    while (j + 1 < changes.size() && changes[j + 1].first <= changes[j].last + 2 * kContext) ++j;
    size_t from = changes[i].first > kContext ? changes[i].first - kContext : 0;
    size_t to = std::min(old_lines.size(), changes[j].last + kContext);
    std::string body;
    size_t new_count = 0;
    long hunk_delta = 0;
    size_t at = from;
    for (size_t k = i; k <= j; ++k) {
      for (; at < changes[k].first; ++at, ++new_count) Emit(' ', old_lines[at], style, &body);
      for (; at < changes[k].last; ++at) Emit('-', old_lines[at], style, &body);
      for (const std::string& line : changes[k].lines) Emit('+', line, style, &body);
      new_count += changes[k].lines.size();
      hunk_delta += static_cast<long>(changes[k].lines.size()) -
                    static_cast<long>(changes[k].last - changes[k].first);
    }
    for (; at < to; ++at, ++new_count) Emit(' ', old_lines[at], style, &body);
    size_t old_count = to - from;
    size_t new_from = static_cast<size_t>(static_cast<long>(from) + delta);
    out += style.Cyan("@@ -" + std::to_string(old_count ? from + 1 : from) + "," +
                      std::to_string(old_count) + " +" +
                      std::to_string(new_count ? new_from + 1 : new_from) + "," +
                      std::to_string(new_count) + " @@") +
           "\n" + body;
    delta += hunk_delta;
    i = j + 1;
  }
  if (out.empty()) return "";
  return style.Bold("--- " + name) + "\n" + style.Bold("+++ " + name) + "\n" + out;
}

}  // namespace lsp
}  // namespace tvm
