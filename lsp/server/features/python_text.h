/*!
 * \file python_text.h
 * \brief What the navigation features read from the Python text itself, by syntax alone
 *  (nothing is evaluated): lines, blocks by indentation, identifiers and the words at a
 *  position. Lines are 1-based and columns UTF-8 bytes, as in the analysis's ranges.
 *  Only lsp/server/features includes this.
 */
#ifndef TVM_LSP_SERVER_FEATURES_PYTHON_TEXT_H_
#define TVM_LSP_SERVER_FEATURES_PYTHON_TEXT_H_

#include <tvm/lsp/lines.h>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tvm {
namespace lsp {
namespace features {

/*!
 * \brief Each line with the text of its strings and comments blanked (spaces, so columns
 *  stay), string delimiters kept; a triple-quoted string may span lines. The "code" the
 *  functions below read.
 */
std::vector<std::string> CodeLines(const std::vector<std::string_view>& lines);

/*! \brief The bracket depth after the code line `code`, starting from `depth`. */
int64_t BracketDepth(std::string_view code, int64_t depth);

/*! \brief The indentation of a code line (tabs to multiples of 8); -1 when it is blank. */
int64_t Indent(std::string_view code);

/*! \brief Whether `byte` may be part of an identifier (ASCII word bytes and any non-ASCII). */
bool IsIdentifierByte(unsigned char byte);

/*! \brief Whether `name` is a Python identifier that is not a keyword. */
bool IsIdentifier(std::string_view name);
/*! \brief Whether `name` is one of Python's (hard) keywords, `None`, `True` and `False` too. */
bool IsKeyword(std::string_view name);

/*! \brief The identifier around byte `column` of `line`: [start, end) bytes, empty if none. */
std::pair<int64_t, int64_t> WordAt(std::string_view line, int64_t column);

/*!
 * \brief The last line (1-based) of the block the statement at `line` opens, when it is a
 *  compound statement (`def`, `class`, `for`, `if`, `with`, ...) whose header ends with `:`
 *  and whose body follows on more indented lines; 0 otherwise. A header may span lines.
 */
int64_t BlockEnd(const std::vector<std::string>& code, int64_t line);

/*!
 * \brief BlockEnd of every line (index 0 is line 1), in O(lines log lines) for the whole text:
 *  what a request over all blocks uses (calling BlockEnd per line is quadratic on a text of
 *  unclosed brackets or deep nesting).
 */
std::vector<int64_t> BlockEnds(const std::vector<std::string>& code);

/*!
 * \brief The names a range of lines reads or binds as plain names (not attributes after a
 *  dot), outside strings and comments: [first, last], 1-based.
 */
std::set<std::string> NamesIn(const std::vector<std::string>& code, int64_t first, int64_t last);

/*! \brief The names the file's import statements bind (`as T`, `import tvm`, ...). */
std::set<std::string> ImportedNames(const std::vector<std::string>& code);

}  // namespace features
}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_FEATURES_PYTHON_TEXT_H_
