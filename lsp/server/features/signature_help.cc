/*!
 * \file signature_help.cc
 * \brief Signature help for namespace calls (`T.serial(0, n, `): the member's signature from
 *  the registry's catalog and the argument the cursor is in, read from the current text.
 */
#include <algorithm>

#include "completion_text.h"
#include "features.h"
#include "python_text.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief How far back a call's opening bracket is looked for (a hostile 10 MB line). */
constexpr int64_t kMaxScanBytes = 64 * 1024;

enum class ParameterKind { kPositional, kVarArgs, kKeyword, kVarKeywords };

struct Parameter {
  int64_t start = 0;
  int64_t end = 0;
  ParameterKind kind = ParameterKind::kPositional;
  std::string name;
};

/*! \brief The comma-separated pieces of "(a, b=', ', *, c=(1, 2))", trimmed: [start, end). */
std::vector<std::pair<size_t, size_t>> Pieces(std::string_view signature) {
  std::vector<std::pair<size_t, size_t>> out;
  if (signature.size() < 2 || signature.front() != '(') return out;
  auto add = [&](size_t start, size_t end) {
    while (start < end && signature[start] == ' ') ++start;
    while (end > start && signature[end - 1] == ' ') --end;
    if (end > start) out.emplace_back(start, end);
  };
  int depth = 0;
  char quote = 0;
  size_t start = 1;
  size_t last = signature.rfind(')');
  for (size_t at = 1; at < last; ++at) {
    char c = signature[at];
    if (quote != 0) {
      if (c == '\\') ++at;
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    if (c == '(' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
    if (c == ',' && depth == 0) {
      add(start, at);
      start = at + 1;
    }
  }
  add(start, last);
  return out;
}

std::string NameOf(std::string_view piece) {
  while (!piece.empty() && piece.front() == '*') piece.remove_prefix(1);
  return std::string(piece.substr(0, piece.find_first_of("=: ")));
}

std::vector<Parameter> Parameters(std::string_view signature) {
  std::vector<Parameter> out;
  bool keyword_only = false;
  for (auto [start, end] : Pieces(signature)) {
    std::string_view text = signature.substr(start, end - start);
    if (text == "/") continue;
    if (text == "*") {
      keyword_only = true;
      continue;
    }
    Parameter parameter{static_cast<int64_t>(start), static_cast<int64_t>(end),
                        keyword_only ? ParameterKind::kKeyword : ParameterKind::kPositional, ""};
    if (text.rfind("**", 0) == 0) {
      parameter.kind = ParameterKind::kVarKeywords;
      text.remove_prefix(2);
    } else if (text.rfind('*', 0) == 0) {
      parameter.kind = ParameterKind::kVarArgs;
      keyword_only = true;
      text.remove_prefix(1);
    }
    parameter.name = NameOf(text);
    out.push_back(std::move(parameter));
  }
  return out;
}

/*! \brief A place in the code: 0-based line index and byte. */
struct Place {
  size_t line = 0;
  size_t byte = 0;
};

/*! \brief The `Alias.member` right before byte `end` of `line` (spaces allowed before `(`). */
std::pair<std::string, std::string> CalleeBefore(std::string_view line, size_t end) {
  while (end > 0 && line[end - 1] == ' ') --end;
  size_t begin = end;
  while (begin > 0 && IsIdentifierByte(static_cast<unsigned char>(line[begin - 1]))) --begin;
  std::string member(line.substr(begin, end - begin));
  std::optional<std::string> object = ObjectBefore(line, static_cast<int64_t>(begin));
  if (!object || !IsIdentifier(member)) return {};
  return {*object, member};
}

/*! \brief The argument the cursor is in: how many depth-0 commas precede it, and its text. */
struct Argument {
  int64_t commas = 0;
  std::string text;
};

Argument ArgumentAt(const CodeText& code, Place open, Place cursor) {
  Argument argument;
  int depth = 0;
  for (size_t line = open.line; line <= cursor.line; ++line) {
    const std::string& text = code.code[line];
    size_t begin = line == open.line ? open.byte + 1 : 0;
    size_t end = line == cursor.line ? cursor.byte : text.size();
    for (size_t at = begin; at < end; ++at) {
      char c = text[at];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
      if (c == ',' && depth == 0) {
        ++argument.commas;
        argument.text.clear();
      } else {
        argument.text += c;
      }
    }
    argument.text += ' ';
  }
  return argument;
}

/*! \brief The `name` of an argument written `name=...` (not `name == ...`); empty otherwise. */
std::string KeywordOf(std::string_view argument) {
  size_t start = argument.find_first_not_of(' ');
  if (start == std::string_view::npos) return "";
  size_t end = start;
  while (end < argument.size() && IsIdentifierByte(static_cast<unsigned char>(argument[end]))) {
    ++end;
  }
  size_t equals = argument.find_first_not_of(' ', end);
  if (end == start || equals == std::string_view::npos || argument[equals] != '=' ||
      (equals + 1 < argument.size() && argument[equals + 1] == '=')) {
    return "";
  }
  return std::string(argument.substr(start, end - start));
}

std::optional<int64_t> ActiveParameter(const std::vector<Parameter>& parameters,
                                       const Argument& argument) {
  std::string keyword = KeywordOf(argument.text);
  for (size_t k = 0; k < parameters.size(); ++k) {
    const Parameter& parameter = parameters[k];
    if (!keyword.empty()) {
      bool named = parameter.name == keyword && (parameter.kind == ParameterKind::kPositional ||
                                                 parameter.kind == ParameterKind::kKeyword);
      if (named) return static_cast<int64_t>(k);
      continue;
    }
    if (parameter.kind == ParameterKind::kVarArgs) return static_cast<int64_t>(k);
    if (parameter.kind != ParameterKind::kPositional) break;
    if (static_cast<int64_t>(k) == argument.commas) return static_cast<int64_t>(k);
  }
  if (keyword.empty()) return std::nullopt;
  for (size_t k = 0; k < parameters.size(); ++k) {
    if (parameters[k].kind == ParameterKind::kVarKeywords) return static_cast<int64_t>(k);
  }
  return std::nullopt;
}

const bridge::NamespaceMember* FindMember(const bridge::Namespace& ns, const std::string& name) {
  auto found = std::lower_bound(ns.members.begin(), ns.members.end(), name,
                                [](const bridge::NamespaceMember& member, const std::string& key) {
                                  return member.name < key;
                                });
  if (found != ns.members.end() && found->name == name) return &*found;
  for (const bridge::NamespaceMember& member : ns.members) {  // not sorted after all
    if (member.name == name) return &member;
  }
  return nullptr;
}

}  // namespace

std::string DisplaySignature(std::string_view signature) {
  std::vector<std::pair<size_t, size_t>> pieces = Pieces(signature);
  if (pieces.empty()) return std::string(signature);
  std::vector<std::string_view> kept;
  for (auto [start, end] : pieces) {
    std::string_view piece = signature.substr(start, end - start);
    if (NameOf(piece) != "loc") kept.push_back(piece);
  }
  if (!kept.empty() && kept.back() == "*") kept.pop_back();  // nothing keyword-only is left
  std::string out = "(";
  for (size_t k = 0; k < kept.size(); ++k) out += (k ? ", " : "") + std::string(kept[k]);
  return out + ")";
}

std::vector<std::pair<int64_t, int64_t>> SignatureParameters(std::string_view signature) {
  std::vector<std::pair<int64_t, int64_t>> out;
  for (const Parameter& parameter : Parameters(signature)) {
    out.emplace_back(parameter.start, parameter.end);
  }
  return out;
}

std::optional<SignatureHelpResult> SignatureHelp(const CompletionInput& input) {
  if (input.catalog == nullptr) return std::nullopt;
  std::shared_ptr<const CodeText> read =
      input.code ? input.code : std::make_shared<const CodeText>(ReadCode(input.text));
  const CodeText& code = *read;
  Cursor cursor = CursorAt(code, input.line, input.column);
  if (cursor.blanked) return std::nullopt;  // in a string or a comment
  std::map<std::string, std::string> aliases = NamespaceAliases(code.code, *input.catalog);
  Place at{static_cast<size_t>(cursor.line - 1), static_cast<size_t>(cursor.column)};
  int depth = 0;
  int64_t scanned = 0;
  // Step 1: outwards from the cursor to the innermost unclosed `(` of a namespace call.
  while (scanned < kMaxScanBytes) {
    if (at.byte == 0) {
      if (at.line == 0) return std::nullopt;
      --at.line;
      at.byte = code.code[at.line].size();
      continue;
    }
    --at.byte;
    ++scanned;
    char c = code.code[at.line][at.byte];
    if (c == ')' || c == ']' || c == '}') ++depth;
    if (c != '(' && c != '[' && c != '{') continue;
    if (depth > 0) {
      --depth;
      continue;
    }
    if (c != '(') continue;  // inside a list or dict argument: look further out
    auto [object, member] = CalleeBefore(code.code[at.line], at.byte);
    std::optional<std::string> root = RootOfObject(object, aliases);
    if (!root) continue;  // a call of something else: look further out
    const bridge::Namespace* ns = FindNamespace(*input.catalog, *root);
    const bridge::NamespaceMember* found = ns == nullptr ? nullptr : FindMember(*ns, member);
    if (found == nullptr) return std::nullopt;
    // Step 2: the signature, its parameters and the argument at the cursor.
    SignatureHelpResult result;
    std::string head = object + "." + found->name;
    std::string signature = DisplaySignature(found->signature);
    result.label = head + (signature.empty() ? "(...)" : signature);
    result.doc = found->doc;
    std::vector<Parameter> parameters = Parameters(signature);
    for (const Parameter& parameter : parameters) {
      auto offset = static_cast<int64_t>(head.size());
      result.parameters.emplace_back(offset + parameter.start, offset + parameter.end);
    }
    Place cursor_place{static_cast<size_t>(cursor.line - 1), static_cast<size_t>(cursor.column)};
    result.active = ActiveParameter(parameters, ArgumentAt(code, at, cursor_place));
    return result;
  }
  return std::nullopt;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
