/*!
 * \file tvm/lsp/lines.h
 * \brief The one place the C++ side splits a source text into lines. Lines end at "\n", "\r\n"
 *  or a lone "\r", as LSP and Python's `ast` count them, and a text ending in a line break has
 *  an empty last line; every position the server, the worker client and the command line
 *  convert or check follows this rule (the Python side's is `parser/line_index.py`).
 */
#ifndef TVM_LSP_LINES_H_
#define TVM_LSP_LINES_H_

#include <cstddef>
#include <string_view>
#include <vector>

namespace tvm {
namespace lsp {

/*! \brief The byte offset where each line of `text` starts (at least one: 0). */
std::vector<size_t> LineStarts(std::string_view text);

/*! \brief How many lines `text` has: LineStarts(text).size(), without building it. */
size_t LineCount(std::string_view text);

/*! \brief Line `index` (0-based) of `text` without its line break; `starts` is LineStarts's. */
std::string_view LineAt(std::string_view text, const std::vector<size_t>& starts, size_t index);

/*! \brief The lines of `text`, each without its line break. */
std::vector<std::string_view> SplitLines(std::string_view text);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_LINES_H_
