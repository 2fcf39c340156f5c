/*!
 * \file formatting.cc
 * \brief Document formatting: each definition the worker's verdict allows is replaced by its
 *  canonical text, by one edit covering only the lines that differ; the others stay, and why
 *  is said.
 */
#include <tvm/lsp/text_change.h>

#include <algorithm>

#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief (line 1-based, byte column) of byte `offset` in `text`. */
std::pair<int64_t, int64_t> PositionOf(const std::string& text, size_t offset) {
  int64_t line = 1;
  size_t line_start = 0;
  for (size_t at = 0; at < offset; ++at) {
    if (text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n') continue;
    if (text[at] == '\n' || text[at] == '\r') {
      ++line;
      line_start = at + 1;
    }
  }
  return {line, static_cast<int64_t>(offset - line_start)};
}

/*! \brief The edit that turns `old_text` at `start` into `new_text`, cut to whole lines. */
bridge::TextEdit MinimalEdit(const std::string& text, size_t start, const std::string& old_text,
                             const std::string& new_text) {
  size_t prefix = 0;
  size_t limit = std::min(old_text.size(), new_text.size());
  for (size_t at = 0; at < limit && old_text[at] == new_text[at]; ++at) {
    if (old_text[at] == '\n') prefix = at + 1;
  }
  size_t suffix = 0;
  limit -= prefix;
  for (size_t k = 1; k <= limit && old_text[old_text.size() - k] == new_text[new_text.size() - k];
       ++k) {
    if (old_text[old_text.size() - k] == '\n') suffix = k - 1;
  }
  auto [line, column] = PositionOf(text, start + prefix);
  auto [end_line, end_column] = PositionOf(text, start + old_text.size() - suffix);
  return bridge::TextEdit{bridge::Range{line, column, end_line, end_column},
                          new_text.substr(prefix, new_text.size() - prefix - suffix)};
}

}  // namespace

FormattingResult Formatting(const std::string& text,
                            const std::vector<bridge::FormatVerdict>& verdicts) {
  FormattingResult result;
  for (const bridge::FormatVerdict& verdict : verdicts) {
    if (!verdict.text) {
      std::string why = verdict.reason.value_or("unknown");
      if (!verdict.detail.empty()) why += ": " + verdict.detail;
      result.skipped.push_back(verdict.name + " (" + why + ")");
      continue;
    }
    size_t start = ByteOffset(text, verdict.range.line, verdict.range.column);
    size_t end =
        std::max(start, ByteOffset(text, verdict.range.end_line, verdict.range.end_column));
    std::string old_text = text.substr(start, end - start);
    if (old_text == *verdict.text) continue;
    result.edits.push_back(MinimalEdit(text, start, old_text, *verdict.text));
  }
  return result;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
