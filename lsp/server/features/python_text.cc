/*!
 * \file python_text.cc
 * \brief Python text by syntax alone: lines, code with strings and comments blanked, blocks
 *  by indentation, identifiers.
 */
#include "python_text.h"

#include <algorithm>
#include <array>
#include <limits>

namespace tvm {
namespace lsp {
namespace features {

namespace {

constexpr std::array<std::string_view, 35> kKeywords = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};

constexpr std::array<std::string_view, 11> kBlockKeywords = {
    "def", "class", "for", "while", "if", "elif", "else", "with", "try", "except", "finally"};

std::string_view Trimmed(std::string_view code) {
  size_t start = code.find_first_not_of(" \t\f");
  if (start == std::string_view::npos) return {};
  size_t end = code.find_last_not_of(" \t\f");
  return code.substr(start, end - start + 1);
}

bool StartsBlock(std::string_view trimmed) {
  if (trimmed.rfind("async ", 0) == 0) trimmed = Trimmed(trimmed.substr(6));
  for (std::string_view keyword : kBlockKeywords) {
    if (trimmed.rfind(keyword, 0) != 0) continue;
    if (trimmed.size() == keyword.size()) return true;
    unsigned char next = static_cast<unsigned char>(trimmed[keyword.size()]);
    if (!IsIdentifierByte(next)) return true;
  }
  return false;
}

}  // namespace

int64_t BracketDepth(std::string_view code, int64_t depth) {
  for (char c : code) {
    if (c == '(' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
  }
  return depth;
}

/*!
 * \brief Each line with the text of its strings and comments blanked (spaces: columns stay),
 *  string delimiters kept; a triple-quoted string may span lines.
 */
std::vector<std::string> CodeLines(const std::vector<std::string_view>& lines) {
  std::vector<std::string> code;
  std::string open;  // the delimiter of a string still open at a line's end ("'''", "\"\"\"")
  for (std::string_view line : lines) {
    std::string out(line);
    size_t at = 0;
    while (at < out.size()) {
      if (open.empty()) {
        char c = out[at];
        if (c == '#') {
          std::fill(out.begin() + static_cast<std::ptrdiff_t>(at), out.end(), ' ');
          break;
        }
        if (c != '\'' && c != '"') {
          ++at;
          continue;
        }
        bool triple = out.compare(at, 3, std::string(3, c)) == 0;
        open = triple ? std::string(3, c) : std::string(1, c);
        at += open.size();
        continue;
      }
      if (out[at] == '\\' && at + 1 < out.size()) {
        out[at] = out[at + 1] = ' ';
        at += 2;
        continue;
      }
      if (out.compare(at, open.size(), open) == 0) {
        at += open.size();
        open.clear();
        continue;
      }
      out[at++] = ' ';
    }
    if (open.size() == 1) open.clear();  // an unterminated one-line string ends with its line
    code.push_back(std::move(out));
  }
  return code;
}

int64_t Indent(std::string_view code) {
  int64_t width = 0;
  for (char c : code) {
    if (c == ' ') {
      ++width;
    } else if (c == '\t') {
      width = (width / 8 + 1) * 8;
    } else if (c == '\f') {
      width = 0;
    } else {
      return width;
    }
  }
  return -1;
}

bool IsIdentifierByte(unsigned char byte) {
  return byte == '_' || (byte >= '0' && byte <= '9') || (byte >= 'a' && byte <= 'z') ||
         (byte >= 'A' && byte <= 'Z') || byte >= 0x80;
}

bool IsKeyword(std::string_view name) {
  return std::find(kKeywords.begin(), kKeywords.end(), name) != kKeywords.end();
}

bool IsIdentifier(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9') || IsKeyword(name)) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return IsIdentifierByte(static_cast<unsigned char>(c)); });
}

std::pair<int64_t, int64_t> WordAt(std::string_view line, int64_t column) {
  auto is_word = [&](int64_t at) {
    return at >= 0 && at < static_cast<int64_t>(line.size()) &&
           IsIdentifierByte(static_cast<unsigned char>(line[static_cast<size_t>(at)]));
  };
  int64_t at = std::clamp<int64_t>(column, 0, static_cast<int64_t>(line.size()));
  if (!is_word(at) && is_word(at - 1)) --at;  // just after a word
  if (!is_word(at)) return {at, at};
  int64_t start = at;
  int64_t end = at;
  while (is_word(start - 1)) --start;
  while (is_word(end)) ++end;
  if (line[static_cast<size_t>(start)] >= '0' && line[static_cast<size_t>(start)] <= '9') {
    return {at, at};  // a number
  }
  return {start, end};
}

namespace {

/*! \brief Whether the statement at `line`, indented `indent`, may open a block: a compound
 *  statement's keyword. */
bool OpensBlock(const std::vector<std::string>& code, int64_t line, int64_t indent) {
  if (indent < 0) return false;
  return StartsBlock(Trimmed(code[static_cast<size_t>(line - 1)]));
}

/*! \brief Whether a header that closes its brackets on `line` ends there with its `:`. */
bool EndsHeader(const std::vector<std::string>& code, int64_t line) {
  std::string_view trimmed = Trimmed(code[static_cast<size_t>(line - 1)]);
  return !trimmed.empty() && trimmed.back() == ':';
}

/*!
 * \brief The first non-blank line after `after` indented no deeper than `indent`, over all
 *  lines at once: a tree of minimum indents (blank lines count as infinitely deep), each query
 *  a descent of O(log lines).
 */
class DedentFinder {
 public:
  explicit DedentFinder(const std::vector<int64_t>& indents) {
    while (size_ < indents.size()) size_ *= 2;
    least_.assign(2 * size_, kBlank);
    for (size_t k = 0; k < indents.size(); ++k) {
      least_[size_ + k] = indents[k] < 0 ? kBlank : indents[k];
    }
    for (size_t node = size_ - 1; node >= 1; --node) {
      least_[node] = std::min(least_[2 * node], least_[2 * node + 1]);
    }
  }

  /*! \brief That line (1-based), or 0 when there is none. */
  int64_t After(int64_t after, int64_t indent) const {
    size_t found = Find(1, 0, size_, static_cast<size_t>(after), indent);
    return found == kNone ? 0 : static_cast<int64_t>(found) + 1;
  }

 private:
  static constexpr int64_t kBlank = std::numeric_limits<int64_t>::max();
  static constexpr size_t kNone = std::numeric_limits<size_t>::max();

  /*! \brief The first index >= `from` in [low, high) of `node` whose indent is <= `indent`. */
  size_t Find(size_t node, size_t low, size_t high, size_t from, int64_t indent) const {
    if (high <= from || least_[node] > indent) return kNone;
    if (high - low == 1) return low;
    size_t middle = (low + high) / 2;
    size_t left = Find(2 * node, low, middle, from, indent);
    return left != kNone ? left : Find(2 * node + 1, middle, high, from, indent);
  }

  size_t size_ = 1;
  std::vector<int64_t> least_;
};

}  // namespace

int64_t BlockEnd(const std::vector<std::string>& code, int64_t line) {
  auto count = static_cast<int64_t>(code.size());
  if (line < 1 || line > count) return 0;
  int64_t indent = Indent(code[static_cast<size_t>(line - 1)]);
  if (!OpensBlock(code, line, indent)) return 0;
  // Step 1: the header's last line: brackets closed and a `:` at its end.
  int64_t header = line;
  int64_t depth = BracketDepth(code[static_cast<size_t>(line - 1)], 0);
  while (header < count && depth > 0) {
    depth = BracketDepth(code[static_cast<size_t>(header)], depth);
    ++header;
  }
  if (depth > 0 || !EndsHeader(code, header)) return 0;  // one line (`if x: y`) or unfinished
  // Step 2: the body, more indented than the header (blank lines and comments inside count).
  int64_t end = 0;
  for (int64_t at = header + 1; at <= count; ++at) {
    int64_t width = Indent(code[static_cast<size_t>(at - 1)]);
    if (width < 0) continue;
    if (width <= indent) break;
    end = at;
  }
  return end;
}

std::vector<int64_t> BlockEnds(const std::vector<std::string>& code) {
  auto count = static_cast<int64_t>(code.size());
  std::vector<int64_t> ends(code.size(), 0);
  std::vector<int64_t> indents(code.size());  // each line's, once (a line may be 10 MB)
  for (size_t k = 0; k < code.size(); ++k) indents[k] = Indent(code[k]);
  // Step 1, for every header at once. With P the running sum of brackets (+1 open, -1 close,
  // never clamped), the depth BlockEnd counts from line L is back at 0 at the end of line h
  // exactly when P there is the least P seen since L began. Headers still open wait in groups
  // of equal least P, which only merge, and the top group is the only one that can close.
  std::vector<int64_t> header_end(code.size() + 1, 0);
  std::vector<int64_t> waiting;                    // open headers, in line order
  std::vector<std::pair<int64_t, size_t>> groups;  // least P, first index in `waiting`
  int64_t sum = 0;
  for (int64_t line = 1; line <= count; ++line) {
    if (OpensBlock(code, line, indents[static_cast<size_t>(line - 1)])) {
      if (groups.empty() || groups.back().first != sum) groups.emplace_back(sum, waiting.size());
      waiting.push_back(line);
    }
    int64_t least = sum;
    for (char c : code[static_cast<size_t>(line - 1)]) {
      if (c == '(' || c == '[' || c == '{') ++sum;
      if (c == ')' || c == ']' || c == '}') least = std::min(least, --sum);
    }
    if (!groups.empty() && groups.back().first >= least) {
      size_t first = groups.back().second;
      while (!groups.empty() && groups.back().first >= least) {
        first = groups.back().second;
        groups.pop_back();
      }
      groups.emplace_back(least, first);
    }
    if (!groups.empty() && groups.back().first == sum) {
      for (size_t k = groups.back().second; k < waiting.size(); ++k) {
        header_end[static_cast<size_t>(waiting[k])] = line;
      }
      waiting.resize(groups.back().second);
      groups.pop_back();
    }
  }
  // Step 2: each body: the last non-blank line before the first line as little indented as
  // its header.
  std::vector<int64_t> last_code(code.size() + 1, 0);  // the last non-blank line up to each
  for (int64_t line = 1; line <= count; ++line) {
    bool blank = indents[static_cast<size_t>(line - 1)] < 0;
    last_code[static_cast<size_t>(line)] = blank ? last_code[static_cast<size_t>(line - 1)] : line;
  }
  DedentFinder dedents(indents);
  for (int64_t line = 1; line <= count; ++line) {
    int64_t header = header_end[static_cast<size_t>(line)];
    if (header == 0 || !EndsHeader(code, header)) continue;
    int64_t dedent = dedents.After(header, indents[static_cast<size_t>(line - 1)]);
    int64_t end = last_code[static_cast<size_t>(dedent == 0 ? count : dedent - 1)];
    if (end > header) ends[static_cast<size_t>(line - 1)] = end;
  }
  return ends;
}

std::set<std::string> NamesIn(const std::vector<std::string>& code, int64_t first, int64_t last) {
  std::set<std::string> names;
  last = std::min<int64_t>(last, static_cast<int64_t>(code.size()));
  for (int64_t line = std::max<int64_t>(first, 1); line <= last; ++line) {
    const std::string& text = code[static_cast<size_t>(line - 1)];
    size_t at = 0;
    while (at < text.size()) {
      if (!IsIdentifierByte(static_cast<unsigned char>(text[at]))) {
        ++at;
        continue;
      }
      size_t end = at;
      while (end < text.size() && IsIdentifierByte(static_cast<unsigned char>(text[end]))) ++end;
      size_t before = text.find_last_not_of(" \t", at == 0 ? std::string::npos : at - 1);
      bool attribute = at > 0 && before != std::string::npos && text[before] == '.';
      std::string name = text.substr(at, end - at);
      // A string prefix (`f"`, `b'`) is no name.
      bool prefix = end < text.size() && (text[end] == '"' || text[end] == '\'');
      if (!attribute && !prefix && IsIdentifier(name)) names.insert(name);
      at = end;
    }
  }
  return names;
}

std::set<std::string> ImportedNames(const std::vector<std::string>& code) {
  std::set<std::string> names;
  bool continued = false;  // inside the brackets of a `from m import (a,` over lines
  for (const std::string& line : code) {
    std::string_view trimmed = Trimmed(line);
    bool from = continued || trimmed.rfind("from ", 0) == 0;
    if (!from && trimmed.rfind("import ", 0) != 0) continue;
    size_t import = continued ? 0 : from ? trimmed.find(" import ") : 0;
    if (import == std::string_view::npos) continue;
    std::string_view rest = continued ? trimmed : trimmed.substr(import + (from ? 8 : 7));
    if (from)
      continued = rest.find(')') == std::string_view::npos &&
                  (continued || rest.find('(') != std::string_view::npos);
    // Each `a.b as c` or `a.b`, comma-separated (brackets of a `from` import dropped).
    size_t start = 0;
    while (start <= rest.size()) {
      size_t comma = rest.find(',', start);
      std::string_view item = Trimmed(rest.substr(
          start, comma == std::string_view::npos ? rest.size() - start : comma - start));
      while (!item.empty() && (item.front() == '(' || item.front() == ' ')) item.remove_prefix(1);
      while (!item.empty() && (item.back() == ')' || item.back() == ' ')) item.remove_suffix(1);
      size_t as = item.find(" as ");
      std::string_view name = as == std::string_view::npos ? item : Trimmed(item.substr(as + 4));
      if (as == std::string_view::npos && !from) name = name.substr(0, name.find('.'));
      if (IsIdentifier(name)) names.insert(std::string(name));
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
  }
  return names;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
