/*!
 * \file completion_text.h
 * \brief What completion and signature help read from the current text by syntax alone: its
 *  code with strings and comments blanked, where the cursor is, and what precedes a dot.
 *  lsp/server/features includes this, and documents.h, which keeps the code per text.
 */
#ifndef TVM_LSP_SERVER_FEATURES_COMPLETION_TEXT_H_
#define TVM_LSP_SERVER_FEATURES_COMPLETION_TEXT_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tvm {
namespace lsp {
namespace features {

/*! \brief The text's lines as code (python_text.h CodeLines), and which bytes were blanked. */
struct CodeText {
  std::vector<std::string> code;
  /*! \brief Per line: 1 where the byte is a string's text or part of a comment. */
  std::vector<std::vector<bool>> blanked;
};

CodeText ReadCode(std::string_view text);

/*! \brief A position clamped to the text, and whether it lies in a string or a comment. */
struct Cursor {
  int64_t line = 1;
  int64_t column = 0;
  bool blanked = false;
};

Cursor CursorAt(const CodeText& code, int64_t line, int64_t column);

/*!
 * \brief What a word starting at byte `start` of a code line is an attribute of: none when no
 *  dot precedes it, the dotted names when plain names and dots do (`T.`, `T.axis.`), else "."
 *  (`x[0].`, `1.`, `f().`: nothing completion knows).
 */
std::optional<std::string> ObjectBefore(std::string_view line, int64_t start);

/*!
 * \brief The catalog root an object names: an alias's root (`T` -> "tirx"), or for a member of
 *  a member the root's sub-namespace (`T.axis` -> "tirx.axis"); nullopt for anything else.
 */
std::optional<std::string> RootOfObject(const std::string& object,
                                        const std::map<std::string, std::string>& aliases);

/*! \brief Whether a code line is an `import` or `from` statement. */
bool IsImportLine(std::string_view line);

}  // namespace features
}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_FEATURES_COMPLETION_TEXT_H_
