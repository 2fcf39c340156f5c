/*!
 * \file tvm/lsp/text_change.h
 * \brief Content changes (LSP's `contentChanges`) applied to a document's text, in the worker's
 *  Range convention: lines 1-based, columns 0-based UTF-8 bytes, ends exclusive.
 *
 * Lines end at "\n", "\r\n" or a lone "\r" (as Python's `ast` counts them), and a text ending in
 * a line break has an empty last line. A position never splits a character or a line break:
 *  - a line before the first is the start of the text, one past the last its end;
 *  - a column past its line's end is that end (before the line break), a negative one 0;
 *  - a column inside a multi-byte UTF-8 character rounds down to the character's start;
 *  - an end before its start is the start (an insertion).
 * This is DocumentSession.apply_edits's rule (parser/session.py), so a client and the worker
 * that apply the same changes to the same text agree, and so does the Python session.
 */
#ifndef TVM_LSP_TEXT_CHANGE_H_
#define TVM_LSP_TEXT_CHANGE_H_

#include <tvm/script/bridge/bridge.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tvm {
namespace lsp {

/*! \brief Replace `range` with `text`; no range replaces the whole text. */
struct TextChange {
  std::optional<script::bridge::Range> range;
  std::string text;

  bool operator==(const TextChange&) const = default;
};

/*! \brief The byte offset of (line, column) in `text`, clamped as the file comment says. */
size_t ByteOffset(std::string_view text, int64_t line, int64_t column);

/*! \brief `text` after `changes`, each applied to the text the previous one left. */
std::string ApplyTextChanges(std::string text, const std::vector<TextChange>& changes);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_TEXT_CHANGE_H_
