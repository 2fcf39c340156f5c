/*!
 * \file completion_text.cc
 * \brief The current text as completion reads it, and the namespace aliases its imports bind.
 */
#include "completion_text.h"

#include <algorithm>
#include <map>
#include <set>

#include "features.h"
#include "python_text.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

std::string_view Trim(std::string_view text) {
  size_t start = text.find_first_not_of(" \t\f");
  if (start == std::string_view::npos) return {};
  return text.substr(start, text.find_last_not_of(" \t\f") - start + 1);
}

/*! \brief The items of a comma-separated list, trimmed, brackets dropped. */
std::vector<std::string_view> Items(std::string_view list) {
  std::vector<std::string_view> items;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    size_t stop = comma == std::string_view::npos ? list.size() : comma;
    std::string_view item = Trim(list.substr(start, stop - start));
    while (!item.empty() && (item.front() == '(' || item.front() == ' ')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ')' || item.back() == ' ')) item.remove_suffix(1);
    if (!item.empty()) items.push_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return items;
}

/*! \brief "a.b as c" -> ("a.b", "c"); "a.b" -> ("a.b", ""). */
std::pair<std::string, std::string> SplitAs(std::string_view item) {
  size_t as = item.find(" as ");
  if (as == std::string_view::npos) return {std::string(item), ""};
  return {std::string(Trim(item.substr(0, as))), std::string(Trim(item.substr(as + 4)))};
}

/*! \brief The module-level import statements of `code`, each joined over its lines. */
std::vector<std::string> ImportStatements(const std::vector<std::string>& code) {
  std::vector<std::string> statements;
  for (size_t at = 0; at < code.size(); ++at) {
    if (Indent(code[at]) != 0 || !IsImportLine(code[at])) continue;
    std::string statement = code[at];
    int64_t depth = 0;
    auto update = [&depth](const std::string& line) {
      for (char c : line) depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    };
    update(code[at]);
    while (at + 1 < code.size() &&
           (depth > 0 || (!statement.empty() && Trim(statement).back() == '\\'))) {
      if (!statement.empty() && Trim(statement).back() == '\\') {
        statement = std::string(Trim(statement));
        statement.pop_back();
      }
      ++at;
      statement += " " + code[at];
      update(code[at]);
    }
    statements.push_back(std::move(statement));
  }
  return statements;
}

}  // namespace

CodeText ReadCode(std::string_view text) {
  // CodeLines blanks strings' text and comments with spaces; marking the real spaces first
  // tells the blanked bytes apart.
  std::vector<std::string_view> lines = SplitLines(text);
  std::vector<std::string> marked(lines.begin(), lines.end());
  for (std::string& line : marked) std::replace(line.begin(), line.end(), ' ', '\x01');
  std::vector<std::string_view> views(marked.begin(), marked.end());
  CodeText out;
  out.code = CodeLines(views);
  out.blanked.resize(out.code.size());
  for (size_t at = 0; at < out.code.size(); ++at) {
    std::string& line = out.code[at];
    std::vector<bool>& blanked = out.blanked[at];
    blanked.resize(line.size());
    for (size_t byte = 0; byte < line.size(); ++byte) {
      blanked[byte] = line[byte] == ' ';
      if (line[byte] == '\x01') line[byte] = ' ';
    }
  }
  return out;
}

Cursor CursorAt(const CodeText& code, int64_t line, int64_t column) {
  Cursor cursor;
  auto count = static_cast<int64_t>(code.code.size());
  cursor.line = std::clamp<int64_t>(line, 1, std::max<int64_t>(count, 1));
  if (line > count) column = std::numeric_limits<int64_t>::max();  // past the end: its end
  const std::vector<bool>& blanked = code.blanked[static_cast<size_t>(cursor.line - 1)];
  auto size = static_cast<int64_t>(blanked.size());
  cursor.column = std::clamp<int64_t>(column, 0, size);
  // Inside a string or comment when the byte before the cursor was blanked, or when the
  // cursor follows a string's opening quote and its text follows the cursor.
  const std::string& text = code.code[static_cast<size_t>(cursor.line - 1)];
  auto at = static_cast<size_t>(cursor.column);
  bool before = at > 0 && blanked[at - 1];
  bool after =
      at > 0 && at < blanked.size() && blanked[at] && (text[at - 1] == '"' || text[at - 1] == '\'');
  cursor.blanked = before || after;
  return cursor;
}

std::optional<std::string> ObjectBefore(std::string_view line, int64_t start) {
  if (start <= 0 || line[static_cast<size_t>(start - 1)] != '.') return std::nullopt;
  int64_t end = start - 1;
  int64_t begin = end;
  // Back over `name.name...`: each part a plain name, the first one not after a dot.
  while (true) {
    int64_t part = begin;
    while (part > 0 && IsIdentifierByte(static_cast<unsigned char>(line[part - 1]))) --part;
    std::string name(line.substr(static_cast<size_t>(part), static_cast<size_t>(begin - part)));
    if (!IsIdentifier(name)) return std::string(".");
    begin = part;
    if (begin == 0 || line[static_cast<size_t>(begin - 1)] != '.') break;
    --begin;  // the dot before this part: one more part
  }
  return std::string(line.substr(static_cast<size_t>(begin), static_cast<size_t>(end - begin)));
}

std::optional<std::string> RootOfObject(const std::string& object,
                                        const std::map<std::string, std::string>& aliases) {
  size_t dot = object.find('.');
  auto alias = aliases.find(object.substr(0, dot));
  if (alias == aliases.end()) return std::nullopt;
  return dot == std::string::npos ? alias->second : alias->second + object.substr(dot);
}

bool IsImportLine(std::string_view line) {
  std::string_view statement = Trim(line);
  return statement.rfind("import ", 0) == 0 || statement.rfind("from ", 0) == 0;
}

std::map<std::string, std::string> NamespaceAliases(const std::vector<std::string>& code,
                                                    const bridge::NamespaceCatalog& catalog) {
  std::map<std::string, std::string> roots;
  for (const bridge::NamespaceAlias& alias : catalog.aliases) roots[alias.alias] = alias.root;
  std::set<std::string> packages(catalog.packages.begin(), catalog.packages.end());
  std::map<std::string, std::string> bound;
  for (const std::string& statement : ImportStatements(code)) {
    std::string_view text = Trim(statement);
    if (text.rfind("from ", 0) == 0) {
      size_t import = text.find(" import ");
      if (import == std::string_view::npos) continue;
      std::string module(Trim(text.substr(5, import - 5)));
      for (std::string_view item : Items(text.substr(import + 8))) {
        auto [name, as] = SplitAs(item);
        std::string binds = as.empty() ? name : as;
        auto root = roots.find(name);
        if (packages.count(module) != 0 && root != roots.end()) {
          bound[binds] = root->second;
        } else {
          bound.erase(binds);  // `from numpy import linalg as T`: T is no namespace
        }
      }
      continue;
    }
    for (std::string_view item : Items(text.substr(7))) {
      auto [dotted, as] = SplitAs(item);
      if (as.empty()) {
        bound.erase(dotted.substr(0, dotted.find('.')));
        continue;
      }
      size_t dot = dotted.rfind('.');
      auto root = dot == std::string::npos ? roots.end() : roots.find(dotted.substr(dot + 1));
      if (root != roots.end() && packages.count(dotted.substr(0, dot)) != 0) {
        bound[as] = root->second;  // import tvm_tirx.script.tirx as tx
      } else {
        bound.erase(as);  // import numpy as T
      }
    }
  }
  return bound;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
