/*!
 * \file workspace_symbol.cc
 * \brief Workspace symbols: the definitions of a file found from its text alone (for the
 *  workspace index; nothing is evaluated), those of an analysed document, and the fuzzy match
 *  and ranking of a query against their names.
 */
#include <algorithm>
#include <tuple>

#include "features.h"
#include "python_text.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief A `def`/`class` statement's kind and its name's bytes [start, end). */
struct Header {
  bool is_class = false;
  size_t start = 0;
  size_t end = 0;
};

std::string_view AfterIndent(std::string_view code) {
  size_t start = code.find_first_not_of(" \t\f");
  return start == std::string_view::npos ? std::string_view() : code.substr(start);
}

/*! \brief `keyword` and the whitespace after it at the start of `text`; none when absent. */
bool TakeKeyword(std::string_view* text, std::string_view keyword) {
  if (text->substr(0, keyword.size()) != keyword || text->size() == keyword.size()) return false;
  char next = (*text)[keyword.size()];
  if (next != ' ' && next != '\t') return false;
  *text = AfterIndent(text->substr(keyword.size()));
  return true;
}

class Scanner {
 public:
  Scanner(std::string_view text, const SymbolScanOptions& options)
      : lines_(SplitLines(text)), code_(CodeLines(lines_)), options_(options) {}

  std::vector<WorkspaceSymbol> Run() {
    for (size_t at = 0; at < code_.size(); ++at) {
      if (Indent(code_[at]) != 0 || code_[at][0] != '@') continue;
      at = Definition(at, 0, "");
    }
    return std::move(found_);
  }

 private:
  /*!
   * \brief The decorated definition whose first decorator is on line `at` (0-based), at
   *  `indent`: adds it (and a module's functions) when a decorator is TVMScript's. Returns the
   *  last line it read.
   */
  size_t Definition(size_t at, int64_t indent, const std::string& container) {
    bool script = false;
    bool macro = false;
    while (at < code_.size()) {
      int64_t width = Indent(code_[at]);
      if (width < 0) {
        ++at;  // a blank line or a comment between decorators
        continue;
      }
      std::string_view line = AfterIndent(code_[at]);
      if (width != indent || line.empty() || line[0] != '@') break;
      if (options_.is_script_decorator && options_.is_script_decorator(line)) {
        script = true;
        std::string_view name = line.substr(1, line.find_first_of(" \t(", 1) - 1);
        std::string_view last = name.substr(name.rfind('.') + 1);
        macro = macro || last == "macro" || last == "inline";
      }
      for (int64_t depth = BracketDepth(line, 0); depth > 0 && at + 1 < code_.size();) {
        depth = BracketDepth(code_[++at], depth);
      }
      ++at;
    }
    if (at >= code_.size() || Indent(code_[at]) != indent) return at == 0 ? 0 : at - 1;
    std::optional<Header> header = HeaderAt(at);
    if (!script || !header) return at;
    std::string kind = header->is_class ? "module" : macro ? "macro" : "function";
    Add(at, *header, kind, container);
    if (header->is_class && container.empty()) {
      return Members(at,
                     std::string(lines_[at].substr(header->start, header->end - header->start)));
    }
    return at;
  }

  /*! \brief The decorated functions in the body of the class on line `at`; its last line. */
  size_t Members(size_t at, const std::string& module) {
    auto end = static_cast<size_t>(BlockEnd(code_, static_cast<int64_t>(at) + 1));
    if (end == 0) return at;
    int64_t body = -1;
    for (size_t line = at + 1; line < end; ++line) {
      int64_t width = Indent(code_[line]);
      if (width < 0) continue;
      if (body < 0) body = width;
      if (width == body && AfterIndent(code_[line])[0] == '@') {
        line = Definition(line, body, module);
      }
    }
    return end - 1;
  }

  std::optional<Header> HeaderAt(size_t at) const {
    std::string_view code = code_[at];
    std::string_view rest = AfterIndent(code);
    Header header;
    TakeKeyword(&rest, "async");
    if (TakeKeyword(&rest, "class")) {
      header.is_class = true;
    } else if (!TakeKeyword(&rest, "def")) {
      return std::nullopt;
    }
    header.start = static_cast<size_t>(rest.data() - code.data());
    header.end = header.start;
    while (header.end < code.size() &&
           IsIdentifierByte(static_cast<unsigned char>(code[header.end]))) {
      ++header.end;
    }
    if (!IsIdentifier(code.substr(header.start, header.end - header.start))) return std::nullopt;
    return header;
  }

  void Add(size_t at, const Header& header, const std::string& kind, const std::string& container) {
    if (header.end > options_.max_line_prefix) return;
    auto line = static_cast<int64_t>(at) + 1;
    found_.push_back(WorkspaceSymbol{
        std::string(lines_[at].substr(header.start, header.end - header.start)), kind, container,
        bridge::Range{line, static_cast<int64_t>(header.start), line,
                      static_cast<int64_t>(header.end)},
        std::string(lines_[at].substr(0, header.end))});
  }

  std::vector<std::string_view> lines_;
  std::vector<std::string> code_;
  const SymbolScanOptions& options_;
  std::vector<WorkspaceSymbol> found_;
};

char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool EqualFolded(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](char x, char y) { return Lower(x) == Lower(y); });
}

/*! \brief Where `query` first occurs in `name` without case; npos when it does not. */
size_t FindFolded(std::string_view name, std::string_view query) {
  for (size_t at = 0; at + query.size() <= name.size(); ++at) {
    if (EqualFolded(name.substr(at, query.size()), query)) return at;
  }
  return std::string_view::npos;
}

/*! \brief The span of the leftmost subsequence match without case; none when none. */
std::optional<size_t> SubsequenceSpan(std::string_view name, std::string_view query) {
  size_t first = std::string_view::npos;
  size_t at = 0;
  for (char wanted : query) {
    while (at < name.size() && Lower(name[at]) != Lower(wanted)) ++at;
    if (at == name.size()) return std::nullopt;
    if (first == std::string_view::npos) first = at;
    ++at;
  }
  return at - first;
}

}  // namespace

std::vector<WorkspaceSymbol> ScanSymbols(std::string_view text, const SymbolScanOptions& options) {
  return Scanner(text, options).Run();
}

std::vector<WorkspaceSymbol> AnalysedSymbols(const std::string& text,
                                             const bridge::ParseResult& result) {
  std::vector<std::string_view> lines = SplitLines(text);
  std::vector<WorkspaceSymbol> found;
  auto add = [&](const OutlineSymbol& entry, const std::string& container) {
    const bridge::Range& name = entry.selection;
    std::string prefix;
    if (name.line >= 1 && name.line <= static_cast<int64_t>(lines.size())) {
      std::string_view line = lines[static_cast<size_t>(name.line - 1)];
      prefix = line.substr(0, std::min(line.size(), static_cast<size_t>(std::max<int64_t>(
                                                        name.end_column, name.column))));
    }
    found.push_back(WorkspaceSymbol{entry.name, entry.kind, container, name, std::move(prefix)});
  };
  for (const OutlineSymbol& entry : DocumentSymbols(text, result)) {
    if (entry.kind != "function" && entry.kind != "macro" && entry.kind != "module") continue;
    add(entry, "");
    if (entry.kind != "module") continue;
    for (const OutlineSymbol& child : entry.children) {
      if (child.kind == "function" || child.kind == "macro") add(child, entry.name);
    }
  }
  return found;
}

std::optional<int64_t> MatchScore(std::string_view name, std::string_view query) {
  if (query.empty()) return 0;
  constexpr int64_t kTier = 1'000'000'000;
  constexpr int64_t kSpread = 10'000;
  auto length = std::min<int64_t>(static_cast<int64_t>(name.size()), kSpread - 1);
  if (name == query) return 0;
  if (EqualFolded(name, query)) return kTier;
  if (name.substr(0, query.size()) == query) return 2 * kTier + length;
  if (EqualFolded(name.substr(0, query.size()), query)) return 3 * kTier + length;
  size_t found = FindFolded(name, query);
  if (found != std::string_view::npos) {
    return 4 * kTier + std::min<int64_t>(static_cast<int64_t>(found), 9999) * kSpread + length;
  }
  std::optional<size_t> span = SubsequenceSpan(name, query);
  if (!span) return std::nullopt;
  auto loose = std::min<int64_t>(static_cast<int64_t>(*span - query.size()), 9999);
  return 5 * kTier + loose * kSpread + length;
}

std::vector<size_t> RankSymbols(const std::vector<const WorkspaceSymbol*>& symbols,
                                std::string_view query, size_t limit) {
  std::vector<std::pair<int64_t, size_t>> matches;
  for (size_t k = 0; k < symbols.size(); ++k) {
    if (std::optional<int64_t> score = MatchScore(symbols[k]->name, query)) {
      matches.emplace_back(*score, k);
    }
  }
  auto better = [&](const auto& a, const auto& b) {
    return std::tie(a.first, symbols[a.second]->name, a.second) <
           std::tie(b.first, symbols[b.second]->name, b.second);
  };
  size_t keep = std::min(limit, matches.size());
  std::partial_sort(matches.begin(), matches.begin() + static_cast<std::ptrdiff_t>(keep),
                    matches.end(), better);
  std::vector<size_t> ranked;
  for (size_t k = 0; k < keep; ++k) ranked.push_back(matches[k].second);
  return ranked;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
