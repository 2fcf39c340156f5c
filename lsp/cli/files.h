/*!
 * \file files.h
 * \brief What the subcommands share about files: which `.py` files a walk finds (honouring
 *  `.gitignore` files and excludes), reading them within a size limit, writing them atomically,
 *  and colour and progress on a terminal.
 */
#ifndef TVM_LSP_CLI_FILES_H_
#define TVM_LSP_CLI_FILES_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "gitignore.h"

namespace tvm {
namespace lsp {

/*! \brief How folders are walked. */
struct WalkOptions {
  /*! \brief Exclude patterns (gitignore syntax, relative to `exclude_base`). */
  std::vector<std::string> exclude = {".*", "__pycache__"};
  /*! \brief Patterns added to `exclude` (`--extend-exclude`). */
  std::vector<std::string> extend_exclude;
  /*! \brief Read `.gitignore` files (in the walked folders, and their parents up to the
   *  repository root, the first one holding `.git`). */
  bool respect_gitignore = true;
  /*! \brief The folder the exclude patterns are relative to; empty: the current folder (the
   *  CLI's). The server's index gives each workspace folder. */
  std::string exclude_base;
  /*! \brief When set, the walk stops as soon as it holds true (the server's index stops at
   *  shutdown); the CLI leaves it unset. */
  const std::atomic<bool>* cancel = nullptr;
  /*! \brief The most files one walk collects (0: no limit); the walk stops there. */
  size_t max_files = 0;
  /*! \brief Takes a symbolic link to a file only when its target lies inside the walked root
   *  (the server's index: a link never leads it out of the workspace). Off for the CLI, which
   *  takes such links as it always did. */
  bool links_stay_inside = false;
  /*! \brief Where warnings go (a `.gitignore` that cannot be read); none: stderr, as
   *  `tvm-lsp: warning: <what>`. */
  std::function<void(const std::string&)> warn;
};

/*!
 * \brief The `.py` files under `paths`, each folder's sorted, in the order the paths were
 *  given; a path given as a file is taken as it is (excludes apply only to what a walk finds).
 *  Returns an error naming the path that does not exist; empty on success.
 */
std::string CollectFiles(const std::vector<std::string>& paths, const WalkOptions& options,
                         std::vector<std::filesystem::path>* files);

/*! \brief The largest file read (a bigger one is an error for that file). */
constexpr uintmax_t kMaxFileBytes = 16u << 20;

/*!
 * \brief Reads `path` whole; none with `error` saying why (missing, unreadable, not a regular
 *  file, more than `limit` bytes). Opened without blocking.
 */
std::optional<std::string> ReadFile(const std::filesystem::path& path, std::string* error,
                                    uintmax_t limit = kMaxFileBytes);

/*!
 * \brief Replaces `path`'s content with `text` atomically: a temporary file in the same folder,
 *  written, flushed to disk and given `path`'s mode, then renamed over it; on any failure the
 *  temporary file is removed and `path` is untouched. Refuses when `path` no longer holds
 *  `expected` (it changed since it was read). Returns an error; empty on success.
 */
std::string WriteFileAtomically(const std::filesystem::path& path, const std::string& expected,
                                const std::string& text);

/*! \brief `file://` URI of a path (absolute, normal). */
std::string FileUri(const std::filesystem::path& path);

/*! \brief `--color`'s choice. */
enum class ColorChoice { kAuto, kAlways, kNever };

/*! \brief Parses `auto|always|never`; none for anything else. */
std::optional<ColorChoice> ParseColorChoice(const std::string& value);

/*!
 * \brief Whether output to file descriptor `fd` is coloured: always/never as chosen; auto when
 *  it is a terminal and `NO_COLOR` is unset or empty, and `TERM` is not "dumb".
 */
bool UseColor(ColorChoice choice, int fd);

/*! \brief ANSI styles (empty strings when colour is off). */
struct Style {
  bool on = false;
  std::string Bold(const std::string& text) const;
  std::string Red(const std::string& text) const;
  std::string Yellow(const std::string& text) const;
  std::string Green(const std::string& text) const;
  std::string Cyan(const std::string& text) const;
};

/*!
 * \brief Progress on stderr for long runs: "[k/n] path" on one line, rewritten in place; only
 *  when stderr is a terminal, and only once the run has taken `Delay()` (a short run shows
 *  nothing). Cleared by `Done` (and the destructor), so nothing of it stays on the screen.
 */
class Progress {
 public:
  static constexpr std::chrono::milliseconds kDefaultDelay{250};
  /*!
   * \brief kDefaultDelay, or $TVM_LSP_PROGRESS_DELAY_MS when it is a whole number of ms (0 to
   *  one day; anything else is ignored). For tests: 0 or a long delay makes what a terminal
   *  shows independent of how fast the machine checks the files.
   */
  static std::chrono::milliseconds Delay();
  explicit Progress(size_t total);
  void Step(size_t index, const std::string& path);
  void Done();
  ~Progress();

 private:
  size_t total_;
  bool on_;
  std::chrono::milliseconds delay_;
  std::chrono::steady_clock::time_point start_;
  bool shown_ = false;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLI_FILES_H_
