/*!
 * \file text_change.cc
 * \brief Content changes applied to a text (see tvm/lsp/text_change.h for the clamping rule).
 */
#include <tvm/lsp/text_change.h>

#include <algorithm>

namespace tvm {
namespace lsp {

namespace {

/*! \brief Whether `byte` continues a UTF-8 sequence (10xxxxxx). */
bool IsContinuation(char byte) { return (static_cast<unsigned char>(byte) & 0xC0) == 0x80; }

/*! \brief Where the line starting at `start` ends: at its line break, or the end of the text. */
size_t LineEnd(std::string_view text, size_t start) {
  size_t end = text.find_first_of("\r\n", start);
  return end == std::string_view::npos ? text.size() : end;
}

/*! \brief Where the line after the one ending at `end` (a line break) starts. */
size_t NextLineStart(std::string_view text, size_t end) {
  return text.compare(end, 2, "\r\n") == 0 ? end + 2 : end + 1;
}

}  // namespace

size_t ByteOffset(std::string_view text, int64_t line, int64_t column) {
  if (line < 1) return 0;
  size_t start = 0;
  for (int64_t current = 1; current < line; ++current) {
    size_t end = LineEnd(text, start);
    if (end == text.size()) return text.size();  // past the last line
    start = NextLineStart(text, end);
  }
  size_t width = LineEnd(text, start) - start;
  size_t offset = start + std::min(width, static_cast<size_t>(std::max<int64_t>(column, 0)));
  // Back to the start of the character (a valid sequence has at most 3 continuation bytes).
  for (int back = 0;
       back < 3 && offset > start && offset < text.size() && IsContinuation(text[offset]); ++back) {
    --offset;
  }
  return offset;
}

std::string ApplyTextChanges(std::string text, const std::vector<TextChange>& changes) {
  for (const TextChange& change : changes) {
    if (!change.range) {
      text = change.text;
      continue;
    }
    const script::bridge::Range& range = *change.range;
    size_t start = ByteOffset(text, range.line, range.column);
    size_t end = std::max(start, ByteOffset(text, range.end_line, range.end_column));
    text.replace(start, end - start, change.text);
  }
  return text;
}

}  // namespace lsp
}  // namespace tvm
