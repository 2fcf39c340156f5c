/*!
 * \file files.cc
 * \brief Walking folders with `.gitignore` and excludes, reading and atomically writing files,
 *  colour and progress (files.h).
 */
#include "files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace tvm {
namespace lsp {

namespace fs = std::filesystem;

namespace {

/*! \brief The patterns of `folder/.gitignore`, if it has one. */
void ReadGitignore(const fs::path& folder, const WalkOptions& options,
                   std::vector<IgnorePattern>* patterns) {
  fs::path file = folder / ".gitignore";
  std::error_code error;
  if (!fs::is_regular_file(file, error)) return;
  std::string why;
  std::optional<std::string> text = ReadFile(file, &why);
  if (!text) {
    std::string warning = file.string() + ": " + why + " (not read)";
    if (options.warn) {
      options.warn(warning);
    } else {
      std::cerr << "tvm-lsp: warning: " << warning << "\n";
    }
    return;
  }
  std::vector<IgnorePattern> more = ParseIgnoreFile(*text, folder.string(), file.string());
  patterns->insert(patterns->end(), more.begin(), more.end());
}

/*! \brief The `.gitignore` patterns of `folder`'s parents, up to the repository root. */
std::vector<IgnorePattern> ParentPatterns(const fs::path& folder, const WalkOptions& options) {
  std::vector<fs::path> chain;
  std::error_code error;
  for (fs::path at = folder.parent_path(); !at.empty(); at = at.parent_path()) {
    if (fs::exists(folder / ".git", error)) break;  // `folder` is the root itself
    chain.push_back(at);
    if (fs::exists(at / ".git", error)) break;
    if (at == at.parent_path()) {
      chain.clear();  // no repository above: its parents' files do not apply
      break;
    }
  }
  std::vector<IgnorePattern> patterns;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) ReadGitignore(*it, options, &patterns);
  return patterns;
}

struct Walker {
  const WalkOptions& options;
  std::vector<IgnorePattern> excludes;
  std::vector<fs::path>* found;
  fs::path root;  // canonical, for `links_stay_inside`

  bool Stopped() const {
    return (options.cancel != nullptr && options.cancel->load()) ||
           (options.max_files != 0 && found->size() >= options.max_files);
  }

  /*! \brief Whether a link's target leaves the root (when links must stay inside). */
  bool LeavesRoot(const fs::directory_entry& entry) const {
    std::error_code error;
    if (!options.links_stay_inside || !entry.is_symlink(error)) return false;
    fs::path target = fs::canonical(entry.path(), error);
    if (error) return true;
    auto [end, at] = std::mismatch(root.begin(), root.end(), target.begin(), target.end());
    return end != root.end();
  }

  bool Excluded(const fs::path& path, bool is_directory,
                const std::vector<IgnorePattern>& ignores) const {
    std::string text = path.string();
    if (MatchIgnore(excludes, text, is_directory) == IgnoreVerdict::kIgnored) return true;
    return MatchIgnore(ignores, text, is_directory) == IgnoreVerdict::kIgnored;
  }

  void Walk(const fs::path& folder, std::vector<IgnorePattern> ignores) {
    if (options.respect_gitignore) ReadGitignore(folder, options, &ignores);
    std::error_code error;
    std::vector<fs::directory_entry> entries;
    for (fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, error);
         !error && it != fs::directory_iterator() && !Stopped(); it.increment(error)) {
      entries.push_back(*it);
    }
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.path() < b.path(); });
    for (const fs::directory_entry& entry : entries) {
      if (Stopped()) return;
      std::error_code kind_error;
      // Symbolic links to folders are not followed (a link loop in a repository cannot hang it).
      bool is_directory = entry.is_directory(kind_error) && !entry.is_symlink(kind_error);
      if (Excluded(entry.path(), is_directory, ignores)) continue;
      if (is_directory) {
        Walk(entry.path(), ignores);
      } else if (entry.path().extension() == ".py" && entry.is_regular_file(kind_error) &&
                 !LeavesRoot(entry)) {
        found->push_back(entry.path());
      }
    }
  }
};

/*! \brief `path` absolute and normal, without a trailing '/'. */
fs::path Normal(const fs::path& path) {
  std::error_code error;
  fs::path absolute = fs::absolute(path, error).lexically_normal();
  std::string text = absolute.string();
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

/*! \brief `absolute` as the user wrote its root: relative when `given` was. */
fs::path AsGiven(const fs::path& absolute, const fs::path& root, const std::string& given) {
  if (fs::path(given).is_absolute()) return absolute;
  fs::path relative = absolute.lexically_relative(root);
  return (fs::path(given) / relative).lexically_normal();
}

}  // namespace

std::string CollectFiles(const std::vector<std::string>& paths, const WalkOptions& options,
                         std::vector<fs::path>* files) {
  std::vector<IgnorePattern> excludes;
  std::string cwd = Normal(options.exclude_base.empty() ? "." : options.exclude_base).string();
  std::vector<std::string> all = options.exclude;
  all.insert(all.end(), options.extend_exclude.begin(), options.extend_exclude.end());
  for (const std::string& line : all) {
    if (auto pattern = ParseIgnoreLine(line, cwd, "--exclude " + line)) {
      excludes.push_back(std::move(*pattern));
    }
  }
  for (const std::string& given : paths) {
    std::error_code error;
    fs::path root = Normal(given);
    if (fs::is_regular_file(root, error)) {
      files->push_back(given);
      continue;
    }
    if (!fs::is_directory(root, error)) return given + ": no such file or folder";
    std::vector<fs::path> found;
    Walker walker{options, excludes, &found, fs::weakly_canonical(root, error)};
    walker.Walk(root, options.respect_gitignore ? ParentPatterns(root, options)
                                                : std::vector<IgnorePattern>{});
    for (const fs::path& file : found) files->push_back(AsGiven(file, root, given));
  }
  return "";
}

std::optional<std::string> ReadFile(const fs::path& path, std::string* error, uintmax_t limit) {
  // Opened without blocking and read only when regular: a FIFO or device put in a file's
  // place between the walk and the read cannot block or have effects.
  int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    *error = std::strerror(errno);
    return std::nullopt;
  }
  struct stat info {};
  std::optional<std::string> text;
  if (fstat(fd, &info) != 0) {
    *error = std::strerror(errno);
  } else if (S_ISDIR(info.st_mode)) {
    *error = std::strerror(EISDIR);
  } else if (!S_ISREG(info.st_mode)) {
    *error = "not a regular file";
  } else if (static_cast<uintmax_t>(info.st_size) > limit) {
    *error = "the file has " + std::to_string(info.st_size) + " bytes, more than the limit of " +
             std::to_string(limit);
  } else {
    text.emplace();
    text->reserve(static_cast<size_t>(info.st_size));
    char buffer[1 << 16];
    ssize_t got = 0;
    while ((got = read(fd, buffer, sizeof(buffer))) > 0 || (got < 0 && errno == EINTR)) {
      if (got > 0) text->append(buffer, static_cast<size_t>(got));
      if (text->size() > limit) break;  // it grew while read
    }
    if (got < 0 || text->size() > limit) {
      *error = got < 0 ? std::strerror(errno) : "the file grew past the limit while it was read";
      text.reset();
    }
  }
  close(fd);
  return text;
}

std::string WriteFileAtomically(const fs::path& path, const std::string& expected,
                                const std::string& text) {
  struct stat info {};
  if (lstat(path.c_str(), &info) != 0) return std::strerror(errno);
  if (!S_ISREG(info.st_mode)) return "not a regular file (a symbolic link is not written)";
  std::string why;
  std::optional<std::string> now = ReadFile(path, &why);
  if (!now) return why;
  if (*now != expected) return "the file changed while it was formatted: it was not written";
  fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::string temp = (folder / ("." + path.filename().string() + ".tvm-lsp-XXXXXX")).string();
  int fd = mkstemp(temp.data());
  if (fd < 0)
    return std::string("cannot create a temporary file in the folder: ") + std::strerror(errno);
  size_t written = 0;
  while (written < text.size()) {
    ssize_t n = write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    written += static_cast<size_t>(n);
  }
  bool ok = written == text.size() && fchmod(fd, info.st_mode & 07777) == 0 && fsync(fd) == 0;
  std::string failure = ok ? "" : std::strerror(errno);
  if (close(fd) != 0 && ok) {
    ok = false;
    failure = std::strerror(errno);
  }
  if (ok && rename(temp.c_str(), path.c_str()) != 0) {
    ok = false;
    failure = std::strerror(errno);
  }
  if (!ok) {
    unlink(temp.c_str());
    return "cannot write: " + failure;
  }
  return "";
}

std::string FileUri(const fs::path& path) { return "file://" + Normal(path).string(); }

std::optional<ColorChoice> ParseColorChoice(const std::string& value) {
  if (value == "auto") return ColorChoice::kAuto;
  if (value == "always") return ColorChoice::kAlways;
  if (value == "never") return ColorChoice::kNever;
  return std::nullopt;
}

bool UseColor(ColorChoice choice, int fd) {
  if (choice != ColorChoice::kAuto) return choice == ColorChoice::kAlways;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  if (term && std::string(term) == "dumb") return false;
  return isatty(fd) == 1;
}

namespace {
std::string Wrap(bool on, const char* code, const std::string& text) {
  return on ? std::string("\x1b[") + code + "m" + text + "\x1b[0m" : text;
}
}  // namespace

std::string Style::Bold(const std::string& text) const { return Wrap(on, "1", text); }
std::string Style::Red(const std::string& text) const { return Wrap(on, "1;31", text); }
std::string Style::Yellow(const std::string& text) const { return Wrap(on, "1;33", text); }
std::string Style::Green(const std::string& text) const { return Wrap(on, "32", text); }
std::string Style::Cyan(const std::string& text) const { return Wrap(on, "36", text); }

std::chrono::milliseconds Progress::Delay() {
  const char* text = std::getenv("TVM_LSP_PROGRESS_DELAY_MS");
  if (text == nullptr || *text == '\0') return kDefaultDelay;
  constexpr long kOneDay = 24L * 60 * 60 * 1000;
  char* end = nullptr;
  errno = 0;
  long value = std::strtol(text, &end, 10);
  if (errno != 0 || *end != '\0' || value < 0 || value > kOneDay) return kDefaultDelay;
  return std::chrono::milliseconds(value);
}

Progress::Progress(size_t total)
    : total_(total),
      on_(isatty(STDERR_FILENO) == 1),
      delay_(Delay()),
      start_(std::chrono::steady_clock::now()) {}

void Progress::Step(size_t index, const std::string& path) {
  if (!on_ || std::chrono::steady_clock::now() - start_ < delay_) return;
  std::cerr << "\r\x1b[2K[" << index + 1 << "/" << total_ << "] " << path << std::flush;
  shown_ = true;
}

void Progress::Done() {
  if (shown_) std::cerr << "\r\x1b[2K" << std::flush;
  shown_ = false;
}

Progress::~Progress() { Done(); }

}  // namespace lsp
}  // namespace tvm
