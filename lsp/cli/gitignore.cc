/*!
 * \file gitignore.cc
 * \brief `.gitignore` patterns: parsing and a memoised glob match (gitignore.h).
 */
#include "gitignore.h"

#include <cstdint>

namespace tvm {
namespace lsp {

namespace {

/*! \brief Matches `pattern[p:]` against `path[t:]`, memoising each (p, t) it settles. */
class Matcher {
 public:
  Matcher(std::string_view pattern, std::string_view path)
      : pattern_(pattern), path_(path), memo_((pattern.size() + 1) * (path.size() + 1), -1) {}

  bool Match(size_t p, size_t t) {
    int8_t& known = memo_[p * (path_.size() + 1) + t];
    if (known < 0) known = Step(p, t) ? 1 : 0;
    return known == 1;
  }

 private:
  bool Step(size_t p, size_t t) {
    if (p == pattern_.size()) return t == path_.size();
    char c = pattern_[p];
    if (c == '*' && p + 1 < pattern_.size() && pattern_[p + 1] == '*') return DoubleStar(p, t);
    if (c == '*') {
      // Any run of characters other than '/'.
      for (size_t at = t;; ++at) {
        if (Match(p + 1, at)) return true;
        if (at == path_.size() || path_[at] == '/') return false;
      }
    }
    if (t == path_.size()) return false;
    if (c == '?') return path_[t] != '/' && Match(p + 1, t + 1);
    if (c == '[') {
      size_t next = 0;
      std::optional<bool> in = Class(p, path_[t], &next);
      if (in) return *in && path_[t] != '/' && Match(next, t + 1);
      // An unclosed '[' is a literal.
    }
    if (c == '\\' && p + 1 < pattern_.size()) {
      return pattern_[p + 1] == path_[t] && Match(p + 2, t + 1);
    }
    return c == path_[t] && Match(p + 1, t + 1);
  }

  /*! \brief `**`: with a '/' after it, zero or more whole folders; else anything. */
  bool DoubleStar(size_t p, size_t t) {
    size_t rest = p + 2;
    bool folders = rest < pattern_.size() && pattern_[rest] == '/';
    if (folders) {
      ++rest;
      if (Match(rest, t)) return true;
      for (size_t at = t; at < path_.size(); ++at) {
        if (path_[at] == '/' && Match(rest, at + 1)) return true;
      }
      return false;
    }
    for (size_t at = t; at <= path_.size(); ++at) {
      if (Match(rest, at)) return true;
    }
    return false;
  }

  /*! \brief Whether `c` is in the class at `p`; none when the class is not closed. */
  std::optional<bool> Class(size_t p, char c, size_t* next) {
    size_t at = p + 1;
    bool negated = at < pattern_.size() && (pattern_[at] == '!' || pattern_[at] == '^');
    if (negated) ++at;
    bool in = false;
    bool first = true;
    for (; at < pattern_.size(); ++at) {
      char low = pattern_[at];
      if (low == ']' && !first) {
        *next = at + 1;
        return in != negated;
      }
      first = false;
      if (low == '\\' && at + 1 < pattern_.size()) low = pattern_[++at];
      char high = low;
      if (at + 2 < pattern_.size() && pattern_[at + 1] == '-' && pattern_[at + 2] != ']') {
        high = pattern_[at + 2];
        at += 2;
      }
      if (c >= low && c <= high) in = true;
    }
    return std::nullopt;
  }

  std::string_view pattern_;
  std::string_view path_;
  std::vector<int8_t> memo_;
};

/*! \brief `line` without trailing spaces, but an escaped one (`\ `) stays. */
std::string_view TrimTrailingSpaces(std::string_view line) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) {
    if (line.size() >= 2 && line[line.size() - 2] == '\\') break;
    line.remove_suffix(1);
  }
  return line;
}

}  // namespace

bool GlobMatch(std::string_view pattern, std::string_view path) {
  return Matcher(pattern, path).Match(0, 0);
}

std::optional<IgnorePattern> ParseIgnoreLine(std::string_view line, const std::string& base,
                                             const std::string& origin) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  line = TrimTrailingSpaces(line);
  if (line.empty() || line[0] == '#' || line.size() > kMaxPatternLength) return std::nullopt;
  IgnorePattern pattern;
  pattern.base = base;
  pattern.origin = origin;
  if (line[0] == '!') {
    pattern.negated = true;
    line.remove_prefix(1);
  } else if (line[0] == '\\' && line.size() > 1 && (line[1] == '!' || line[1] == '#')) {
    line.remove_prefix(1);
  }
  if (!line.empty() && line.back() == '/') {
    pattern.directory_only = true;
    line.remove_suffix(1);
  }
  // A '/' left at the start or in the middle anchors the pattern to its folder.
  pattern.anchored = line.find('/') != std::string_view::npos;
  if (!line.empty() && line[0] == '/') line.remove_prefix(1);
  if (line.empty()) return std::nullopt;
  pattern.glob = std::string(line);
  return pattern;
}

std::vector<IgnorePattern> ParseIgnoreFile(std::string_view text, const std::string& base,
                                           const std::string& origin) {
  std::vector<IgnorePattern> patterns;
  size_t number = 0;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    ++number;
    if (auto pattern = ParseIgnoreLine(line, base, origin + ":" + std::to_string(number))) {
      patterns.push_back(std::move(*pattern));
    }
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return patterns;
}

IgnoreVerdict MatchIgnore(const std::vector<IgnorePattern>& patterns, const std::string& path,
                          bool is_directory) {
  IgnoreVerdict verdict = IgnoreVerdict::kNone;
  for (const IgnorePattern& pattern : patterns) {
    if (pattern.directory_only && !is_directory) continue;
    std::string_view relative = path;
    if (!pattern.base.empty() && pattern.base != "/") {
      if (relative.size() <= pattern.base.size() ||
          relative.compare(0, pattern.base.size(), pattern.base) != 0 ||
          relative[pattern.base.size()] != '/') {
        continue;
      }
      relative.remove_prefix(pattern.base.size() + 1);
    } else if (!relative.empty() && relative[0] == '/') {
      relative.remove_prefix(1);
    }
    std::string_view subject = relative;
    if (!pattern.anchored) {
      size_t slash = relative.rfind('/');
      if (slash != std::string_view::npos) subject = relative.substr(slash + 1);
    }
    if (GlobMatch(pattern.glob, subject)) {
      verdict = pattern.negated ? IgnoreVerdict::kIncluded : IgnoreVerdict::kIgnored;
    }
  }
  return verdict;
}

}  // namespace lsp
}  // namespace tvm
