/*!
 * \file semantic_tokens.cc
 * \brief Semantic tokens: the analysis's occurrences by kind, and namespace members
 *  (`T.serial`, `T.axis.spatial`) from the text.
 */
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

enum Type { kTensor, kSymbol, kLoop, kParameter, kFunction, kMember, kVariable };
enum Modifier { kDeclaration = 1, kReadonly = 2, kDefaultLibrary = 4 };

int TypeOf(const std::string& kind) {
  if (kind == "tensor") return kTensor;
  if (kind == "symbol") return kSymbol;
  if (kind == "loop") return kLoop;
  if (kind == "parameter") return kParameter;
  if (kind == "function" || kind == "module") return kFunction;
  return kVariable;
}

/*! \brief The aliases that `tvm...` imports bind (`T`, `I`, `tx`), from the code lines. */
std::set<std::string> NamespaceAliases(const std::vector<std::string>& code) {
  std::set<std::string> aliases;
  for (const std::string& line : code) {
    size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos) continue;
    std::string_view statement = std::string_view(line).substr(start);
    if (statement.rfind("from tvm", 0) != 0 && statement.rfind("import tvm", 0) != 0) continue;
    for (const std::string& name : ImportedNames({std::string(statement)})) aliases.insert(name);
  }
  return aliases;
}

}  // namespace

std::vector<SemanticToken> SemanticTokens(const std::string& text,
                                          const bridge::ParseResult& result, int64_t first_line,
                                          int64_t last_line) {
  std::vector<std::string_view> lines = SplitLines(text);
  std::vector<std::string> code = CodeLines(lines);
  std::map<std::string, std::string> names;
  for (const bridge::Symbol& symbol : result.symbols) names[symbol.id] = symbol.name;
  std::vector<SemanticToken> tokens;
  auto wanted = [&](int64_t line) {
    return line >= first_line && line <= last_line && line >= 1 &&
           line <= static_cast<int64_t>(code.size());
  };
  for (const bridge::Occurrence& occurrence : result.occurrences) {
    const bridge::Range& at = occurrence.range;
    if (at.line != at.end_line || !wanted(at.line)) continue;
    if (occurrence.kind == "block") continue;  // a block's name is inside its string literal
    const std::string& line = code[static_cast<size_t>(at.line - 1)];
    auto name = names.find(occurrence.symbol);
    if (at.column < 0 || at.end_column > static_cast<int64_t>(line.size()) || name == names.end() ||
        line.compare(static_cast<size_t>(at.column), static_cast<size_t>(at.end_column - at.column),
                     name->second) != 0) {
      continue;  // the text no longer holds the name there
    }
    int type = TypeOf(occurrence.kind);
    int modifiers = occurrence.is_definition ? kDeclaration : 0;
    if (type == kSymbol || type == kParameter) modifiers |= kReadonly;
    tokens.push_back(SemanticToken{at.line, at.column, at.end_column, type, modifiers});
  }
  std::set<std::string> aliases = NamespaceAliases(code);
  for (int64_t number = std::max<int64_t>(first_line, 1);
       number <= std::min<int64_t>(last_line, static_cast<int64_t>(code.size())); ++number) {
    const std::string& line = code[static_cast<size_t>(number - 1)];
    for (size_t dot = line.find('.'); dot != std::string::npos; dot = line.find('.', dot + 1)) {
      size_t start = dot;
      while (start > 0 && IsIdentifierByte(static_cast<unsigned char>(line[start - 1]))) --start;
      if (start > 0 &&
          (line[start - 1] == '.' || static_cast<unsigned char>(line[start - 1]) >= 0x80)) {
        continue;  // `a.T.x`: an attribute of something else
      }
      if (aliases.count(line.substr(start, dot - start)) == 0) continue;
      // A member and a member of it: `T.serial`, `T.axis.spatial`, `T.ptx.mma` (two levels,
      // as the namespaces have; `T.a.b.c` is an attribute of a member's member).
      for (size_t from = dot, level = 0; level < 2 && from < line.size() && line[from] == '.';
           ++level) {
        size_t end = from + 1;
        while (end < line.size() && IsIdentifierByte(static_cast<unsigned char>(line[end]))) ++end;
        if (end == from + 1) break;
        tokens.push_back(SemanticToken{number, static_cast<int64_t>(from + 1),
                                       static_cast<int64_t>(end), kMember, kDefaultLibrary});
        from = end;
      }
    }
  }
  std::sort(tokens.begin(), tokens.end(), [](const SemanticToken& a, const SemanticToken& b) {
    return a.line != b.line ? a.line < b.line : a.column < b.column;
  });
  std::vector<SemanticToken> kept;
  for (const SemanticToken& token : tokens) {
    if (!kept.empty() && kept.back().line == token.line && kept.back().end_column > token.column) {
      continue;  // overlapping: the first stays
    }
    kept.push_back(token);
  }
  return kept;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
