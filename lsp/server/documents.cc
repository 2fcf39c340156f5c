/*!
 * \file documents.cc
 * \brief Recognising TVMScript documents by their imports and decorators, without running them.
 */
#include "documents.h"

#include <array>
#include <cctype>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace tvm {
namespace lsp {

namespace {

/*! \brief The packages whose registered namespaces a file imports (discovery.py's list). */
constexpr std::array<std::string_view, 4> kScriptPackages = {
    "tvm.script", "tvm.script.parser", "tvm_tirx.script", "tvm_tirx.script.parser"};
/*! \brief The registered namespaces (tirx.py, ir.py, s_tir.py register them). */
constexpr std::array<std::string_view, 4> kNamespaces = {"tirx", "tir", "ir", "s_tir"};
/*! \brief The usual aliases of those namespaces, for a decorator used without its import. */
constexpr std::array<std::string_view, 3> kAliases = {"T", "I", "Ts"};
/*! \brief The registered decorator members. */
constexpr std::array<std::string_view, 6> kDecorators = {"function", "prim_func", "jit",
                                                         "macro",    "inline",    "ir_module"};

template <size_t N>
bool OneOf(std::string_view word, const std::array<std::string_view, N>& words) {
  for (std::string_view candidate : words) {
    if (word == candidate) return true;
  }
  return false;
}

bool StartsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

bool IsNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string_view TrimLeft(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  return text;
}

/*! \brief The dotted name at the start of `text` (`tvm.script.tir`), and the rest after it. */
std::string_view DottedName(std::string_view* text) {
  std::string_view rest = TrimLeft(*text);
  size_t end = 0;
  while (end < rest.size() && (IsNameChar(rest[end]) || rest[end] == '.')) ++end;
  *text = rest.substr(end);
  return rest.substr(0, end);
}

/*! \brief What an import list imports and the name each binds (`tir as T, ir` gives
 *  (tir, T) and (ir, ir)). */
std::vector<std::pair<std::string_view, std::string_view>> ImportedNames(std::string_view list) {
  std::vector<std::pair<std::string_view, std::string_view>> names;
  enum { kName, kAs, kAlias } expect = kName;
  size_t at = 0;
  while (at < list.size()) {
    if (!IsNameChar(list[at])) {
      if (list[at] == ',') expect = kName;
      ++at;
      continue;
    }
    size_t end = at;
    while (end < list.size() && IsNameChar(list[end])) ++end;
    std::string_view word = list.substr(at, end - at);
    if (expect == kName) {
      names.emplace_back(word, word);
      expect = kAs;
    } else if (expect == kAs && word == "as") {
      expect = kAlias;
    } else if (expect == kAlias) {
      names.back().second = word;
      expect = kAs;
    }
    at = end;
  }
  return names;
}

bool IsScriptPackage(std::string_view module) { return OneOf(module, kScriptPackages); }

/*! \brief `tvm.script.tir`, `tvm_tirx.script.tirx`...: a namespace module itself. */
bool IsNamespaceModule(std::string_view module) {
  for (std::string_view package : kScriptPackages) {
    if (StartsWith(module, package) && module.size() > package.size() &&
        module[package.size()] == '.') {
      std::string_view member = module.substr(package.size() + 1);
      if (OneOf(member.substr(0, member.find('.')), kNamespaces)) return true;
    }
  }
  return false;
}

/*! \brief The module and the import list of `from <module> import <list>`; none otherwise. */
std::optional<std::pair<std::string_view, std::string_view>> SplitFrom(std::string_view statement) {
  std::string_view rest = statement.substr(4);  // "from"
  std::string_view module = DottedName(&rest);
  rest = TrimLeft(rest);
  if (!StartsWith(rest, "import") || (rest.size() > 6 && IsNameChar(rest[6]))) return std::nullopt;
  return std::make_pair(module, rest.substr(6));
}

/*! \brief Whether the `from ... import ...` statement `statement` imports a namespace. */
bool FromImportsNamespace(std::string_view statement) {
  auto split = SplitFrom(statement);
  if (!split) return false;
  auto [module, list] = *split;
  if (IsNamespaceModule(module)) return true;
  for (auto [name, bound] : ImportedNames(list)) {
    if (IsScriptPackage(module) && OneOf(name, kNamespaces)) return true;
    if ((module == "tvm" || module == "tvm_tirx") && name == "script") return true;
  }
  return false;
}

/*! \brief The names `from <script package> import tir as T, ir` binds to namespaces. */
void FromAliases(std::string_view statement, std::set<std::string>* aliases) {
  auto split = SplitFrom(statement);
  if (!split || !IsScriptPackage(split->first)) return;
  for (auto [name, bound] : ImportedNames(split->second)) {
    if (OneOf(name, kNamespaces)) aliases->emplace(bound);
  }
}

/*! \brief The names `import tvm.script.tir as T, ...` binds to namespaces. */
void ImportAliases(std::string_view statement, std::set<std::string>* aliases) {
  std::string_view rest = statement.substr(6);  // "import"
  while (true) {
    std::string_view module = DottedName(&rest);
    if (module.empty()) return;
    rest = TrimLeft(rest);
    if (StartsWith(rest, "as") && rest.size() > 2 && !IsNameChar(rest[2])) {
      rest = rest.substr(2);
      std::string_view alias = DottedName(&rest);
      if (IsNamespaceModule(module) && !alias.empty()) aliases->emplace(alias);
    }
    size_t comma = rest.find(',');
    if (comma == std::string_view::npos) return;
    rest = rest.substr(comma + 1);
  }
}

/*! \brief Whether `import a.b, c` imports a script package or namespace module. */
bool ImportsNamespace(std::string_view statement) {
  std::string_view rest = statement.substr(6);  // "import"
  while (true) {
    std::string_view module = DottedName(&rest);
    if (module.empty()) return false;
    if (IsScriptPackage(module) || IsNamespaceModule(module)) return true;
    size_t comma = rest.find(',');
    if (comma == std::string_view::npos) return false;
    rest = rest.substr(comma + 1);
  }
}

/*! \brief Whether the decorator line `@...` names a registered decorator, through a usual
 *  alias or one of `aliases` (those the file's imports bind). */
bool IsScriptDecorator(std::string_view line, const std::set<std::string>& aliases) {
  std::string_view rest = line.substr(1);
  std::string_view name = DottedName(&rest);
  if (StartsWith(name, "tvm.script.") || StartsWith(name, "tvm_tirx.script.")) return true;
  size_t dot = name.find('.');
  if (dot == std::string_view::npos) return false;
  std::string_view alias = name.substr(0, dot);
  return (OneOf(alias, kAliases) || aliases.count(std::string(alias)) != 0) &&
         OneOf(name.substr(dot + 1), kDecorators);
}

/*! \brief The statement starting at `start`: through its closing parenthesis if it opens one. */
std::string_view Statement(std::string_view text, size_t start, size_t line_end) {
  std::string_view line = text.substr(start, line_end - start);
  size_t open = line.find('(');
  if (open == std::string_view::npos || line.find(')', open) != std::string_view::npos) {
    return line;
  }
  size_t close = text.find(')', line_end);
  return text.substr(start, (close == std::string_view::npos ? text.size() : close) - start);
}

/*! \brief Calls `f(line without indentation, its offset, its end)` per line until it says
 *  true; whether one did. */
template <typename F>
bool AnyLine(std::string_view text, F f) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = TrimLeft(text.substr(start, end - start));
    if (f(line, static_cast<size_t>(line.data() - text.data()), end)) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace

bool IsTvmScriptSource(std::string_view text) {
  return AnyLine(text, [&](std::string_view line, size_t offset, size_t end) {
    if (StartsWith(line, "from ") || StartsWith(line, "from\t")) {
      return FromImportsNamespace(Statement(text, offset, end));
    }
    if (StartsWith(line, "import ") || StartsWith(line, "import\t")) return ImportsNamespace(line);
    return StartsWith(line, "@") && IsScriptDecorator(line, {});
  });
}

std::set<std::string> NamespaceAliases(std::string_view text) {
  std::set<std::string> aliases;
  AnyLine(text, [&](std::string_view line, size_t offset, size_t end) {
    if (StartsWith(line, "from ") || StartsWith(line, "from\t")) {
      FromAliases(Statement(text, offset, end), &aliases);
    } else if (StartsWith(line, "import ") || StartsWith(line, "import\t")) {
      ImportAliases(line, &aliases);
    }
    return false;
  });
  return aliases;
}

bool IsTvmScriptDecorator(std::string_view line, const std::set<std::string>& aliases) {
  return !line.empty() && line[0] == '@' && IsScriptDecorator(line, aliases);
}

std::function<bool(std::string_view)> DecoratorCheckOf(std::string_view text) {
  return [aliases = NamespaceAliases(text)](std::string_view line) {
    return IsTvmScriptDecorator(line, aliases);
  };
}

bool IsPythonDocument(const std::string& uri, const std::string& language_id) {
  if (language_id == "python") return true;
  auto ends_with = [&](std::string_view suffix) {
    return uri.size() >= suffix.size() && uri.compare(uri.size() - suffix.size(), suffix.size(),
                                                      suffix.data(), suffix.size()) == 0;
  };
  return language_id.empty() && (ends_with(".py") || ends_with(".pyi"));
}

}  // namespace lsp
}  // namespace tvm
