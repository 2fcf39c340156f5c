/*!
 * \file gitignore.h
 * \brief `.gitignore` patterns (the common subset git documents) and the CLI's excludes.
 *
 * A pattern file is read line by line: blank lines and `#` comments are skipped, trailing
 * spaces are dropped unless escaped (`\ `), `\#` and `\!` start a literal. `!` negates (a later
 * match re-includes what an earlier one excluded). A trailing `/` matches folders only. A `/`
 * at the start or in the middle anchors the pattern to the folder of its file; otherwise it
 * matches a name at any depth. `*` and `?` never match `/`, `[...]` is a class (`!`/`^`
 * negates, `a-z` ranges), a double star followed by a slash matches any number of folders,
 * and a final slash and double star everything inside. The
 * last matching pattern decides; a folder excluded is not entered, so nothing under it can be
 * re-included (as in git).
 *
 * Matching is memoised over (pattern, path) positions, so a hostile pattern cannot make it
 * exponential; patterns and files past the limits below are ignored with a warning.
 */
#ifndef TVM_LSP_CLI_GITIGNORE_H_
#define TVM_LSP_CLI_GITIGNORE_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tvm {
namespace lsp {

/*! \brief One pattern line, parsed. */
struct IgnorePattern {
  std::string glob;
  bool negated = false;
  bool directory_only = false;
  /*! \brief Matched against the whole path relative to `base`, not just the name. */
  bool anchored = false;
  /*! \brief The absolute folder the pattern is relative to (its file's, or the current one). */
  std::string base;
  /*! \brief Where it came from, for messages: "path:line". */
  std::string origin;
};

/*! \brief The longest pattern line read (longer ones are ignored). */
constexpr size_t kMaxPatternLength = 4096;

/*!
 * \brief Parses one line of a pattern file; none for blank lines, comments and lines past
 *  kMaxPatternLength.
 */
std::optional<IgnorePattern> ParseIgnoreLine(std::string_view line, const std::string& base,
                                             const std::string& origin);

/*! \brief Every pattern of `text` (a `.gitignore`'s content), in order. */
std::vector<IgnorePattern> ParseIgnoreFile(std::string_view text, const std::string& base,
                                           const std::string& origin);

/*!
 * \brief Whether glob `pattern` matches all of `path` (`/`-separated), with the rules above.
 */
bool GlobMatch(std::string_view pattern, std::string_view path);

/*! \brief What a list of patterns says about a path. */
enum class IgnoreVerdict { kNone, kIgnored, kIncluded };

/*!
 * \brief The verdict of the last pattern of `patterns` matching `path` (absolute and normal,
 *  as the patterns' bases); patterns whose base does not hold `path` do not match.
 */
IgnoreVerdict MatchIgnore(const std::vector<IgnorePattern>& patterns, const std::string& path,
                          bool is_directory);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLI_GITIGNORE_H_
