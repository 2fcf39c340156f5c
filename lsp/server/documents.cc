/*!
 * \file documents.cc
 * \brief Recognising TVMScript documents by their imports and decorators, without running them.
 */
#include "documents.h"

#include <array>
#include <cctype>
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

/*! \brief The names an import list binds from (`tir as T, ir` gives tir and ir). */
std::vector<std::string_view> ImportedNames(std::string_view list) {
  std::vector<std::string_view> names;
  bool expect_name = true;
  size_t at = 0;
  while (at < list.size()) {
    if (!IsNameChar(list[at])) {
      if (list[at] == ',') expect_name = true;
      ++at;
      continue;
    }
    size_t end = at;
    while (end < list.size() && IsNameChar(list[end])) ++end;
    std::string_view word = list.substr(at, end - at);
    if (expect_name) names.push_back(word);
    expect_name = false;  // `as X` follows, or a comma
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

/*! \brief Whether the `from ... import ...` statement `statement` imports a namespace. */
bool FromImportsNamespace(std::string_view statement) {
  std::string_view rest = statement.substr(4);  // "from"
  std::string_view module = DottedName(&rest);
  rest = TrimLeft(rest);
  if (!StartsWith(rest, "import") || (rest.size() > 6 && IsNameChar(rest[6]))) return false;
  if (IsNamespaceModule(module)) return true;
  std::vector<std::string_view> names = ImportedNames(rest.substr(6));
  for (std::string_view name : names) {
    if (IsScriptPackage(module) && OneOf(name, kNamespaces)) return true;
    if ((module == "tvm" || module == "tvm_tirx") && name == "script") return true;
  }
  return false;
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

/*! \brief Whether the decorator line `@...` names a registered decorator. */
bool IsScriptDecorator(std::string_view line) {
  std::string_view rest = line.substr(1);
  std::string_view name = DottedName(&rest);
  if (StartsWith(name, "tvm.script.") || StartsWith(name, "tvm_tirx.script.")) return true;
  size_t dot = name.find('.');
  if (dot == std::string_view::npos) return false;
  return OneOf(name.substr(0, dot), kAliases) && OneOf(name.substr(dot + 1), kDecorators);
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

}  // namespace

bool IsTvmScriptSource(std::string_view text) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = TrimLeft(text.substr(start, end - start));
    size_t offset = static_cast<size_t>(line.data() - text.data());
    bool found = false;
    if (StartsWith(line, "from ") || StartsWith(line, "from\t")) {
      found = FromImportsNamespace(Statement(text, offset, end));
    } else if (StartsWith(line, "import ") || StartsWith(line, "import\t")) {
      found = ImportsNamespace(line);
    } else if (StartsWith(line, "@")) {
      found = IsScriptDecorator(line);
    }
    if (found) return true;
    start = end + 1;
  }
  return false;
}

bool IsTvmScriptDecorator(std::string_view line) {
  return !line.empty() && line[0] == '@' && IsScriptDecorator(line);
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
