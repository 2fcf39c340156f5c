/*!
 * \file rename.cc
 * \brief Rename and prepareRename: every occurrence of the symbol at the position gets the
 *  new name, unless that name is no identifier, a keyword, or already visible where the
 *  symbol is used; namespace aliases, keywords and names the analysis does not know are
 *  refused.
 */
#include <tvm/lsp/text_change.h>

#include <algorithm>

#include "features.h"
#include "python_text.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

const bridge::Symbol* SymbolOf(const bridge::ParseResult& result, const std::string& id) {
  for (const bridge::Symbol& symbol : result.symbols) {
    if (symbol.id == id) return &symbol;
  }
  return nullptr;
}

std::string Quoted(std::string_view name) { return "'" + std::string(name) + "'"; }

/*! \brief Why the word at a position that no occurrence covers cannot be renamed. */
std::string RefusalOfWord(const std::vector<std::string>& code, int64_t line,
                          std::pair<int64_t, int64_t> word) {
  std::string_view text = code[static_cast<size_t>(line - 1)];
  std::string_view name =
      text.substr(static_cast<size_t>(word.first), static_cast<size_t>(word.second - word.first));
  if (IsKeyword(name)) return Quoted(name) + " is a Python keyword: it cannot be renamed";
  size_t before = word.first == 0
                      ? std::string_view::npos
                      : text.find_last_not_of(" \t", static_cast<size_t>(word.first - 1));
  if (before != std::string_view::npos && text[before] == '.') {
    return Quoted(name) + " is an attribute (a namespace member or a field): it cannot be renamed";
  }
  if (ImportedNames(code).count(std::string(name)) != 0) {
    return Quoted(name) + " is a namespace alias (bound by an import): it cannot be renamed";
  }
  return Quoted(name) +
         " is not a variable, tensor, symbol or function that the analysis knows: it cannot be "
         "renamed";
}

/*! \brief The definitions (indexes) whose ranges hold one of `ranges`. */
std::vector<const bridge::Definition*> DefinitionsOf(const bridge::ParseResult& result,
                                                     const std::vector<bridge::Range>& ranges) {
  std::vector<const bridge::Definition*> found;
  for (const bridge::Definition& definition : result.definitions) {
    for (const bridge::Range& range : ranges) {
      if (range.line >= definition.range.line && range.end_line <= definition.range.end_line) {
        found.push_back(&definition);
        break;
      }
    }
  }
  return found;
}

/*! \brief Why `new_name` would clash where the symbol is used, or empty when it would not. */
std::string Clash(const std::string& text, const bridge::ParseResult& result,
                  const bridge::Symbol& renamed, const std::vector<bridge::Range>& ranges,
                  const std::string& new_name, const RenameOptions& options) {
  std::vector<const bridge::Definition*> definitions = DefinitionsOf(result, ranges);
  for (const bridge::Symbol& symbol : result.symbols) {
    if (symbol.id == renamed.id || symbol.name != new_name || !symbol.definition_range) continue;
    for (const bridge::Definition* definition : definitions) {
      const bridge::Range& at = *symbol.definition_range;
      if (at.line < definition->range.line || at.end_line > definition->range.end_line) continue;
      return Quoted(new_name) + " would clash with the " + symbol.kind + " " + Quoted(new_name) +
             " defined on line " +
             (options.line_name ? options.line_name(at.line) : std::to_string(at.line));
    }
  }
  std::vector<std::string> code = CodeLines(SplitLines(text));
  if (ImportedNames(code).count(new_name) != 0) {
    return Quoted(new_name) + " would clash with the name an import binds";
  }
  for (const bridge::Definition* definition : definitions) {
    if (NamesIn(code, definition->range.line, definition->range.end_line).count(new_name)) {
      return Quoted(new_name) + " would clash with the name " + Quoted(new_name) + " that " +
             definition->name + " already uses";
    }
  }
  return "";
}

}  // namespace

PrepareRenameResult PrepareRename(const std::string& text, const bridge::ParseResult& result,
                                  int64_t line, int64_t column) {
  PrepareRenameResult answer;
  // Words in strings and comments are blanked: nothing is there.
  std::vector<std::string> code = CodeLines(SplitLines(text));
  if (line < 1 || line > static_cast<int64_t>(code.size())) return answer;
  const bridge::Occurrence* at = OccurrenceAt(result, line, column);
  if (at == nullptr) {
    auto word = WordAt(code[static_cast<size_t>(line - 1)], column);
    if (word.first == word.second) return answer;
    answer.status = PrepareRenameResult::Status::kRefused;
    answer.message = RefusalOfWord(code, line, word);
    return answer;
  }
  const bridge::Symbol* symbol = SymbolOf(result, at->symbol);
  answer.status = PrepareRenameResult::Status::kRefused;
  if (symbol == nullptr || !symbol->definition_range) {
    answer.message = "this name is defined outside the file: it cannot be renamed here";
    return answer;
  }
  // Every occurrence must still spell the name: an analysis kept from before an edit (a
  // definition with a syntax error now) may not match the text any more.
  for (const bridge::Range& range : References(result, line, column, ReferencesOptions{})) {
    size_t start = ByteOffset(text, range.line, range.column);
    size_t end = ByteOffset(text, range.end_line, range.end_column);
    if (text.compare(start, end - start, symbol->name) != 0) {
      answer.message = Quoted(symbol->name) +
                       " cannot be renamed until the file is analysed again (its text changed "
                       "since the analysis, or it has a syntax error)";
      return answer;
    }
  }
  answer.status = PrepareRenameResult::Status::kRenamable;
  answer.range = at->range;
  answer.placeholder = symbol->name;
  return answer;
}

RenameResult Rename(const std::string& text, const bridge::ParseResult& result, int64_t line,
                    int64_t column, const std::string& new_name, const RenameOptions& options) {
  RenameResult answer;
  PrepareRenameResult prepared = PrepareRename(text, result, line, column);
  if (prepared.status == PrepareRenameResult::Status::kNothing) {
    answer.refusal = "there is no name here to rename";
    return answer;
  }
  if (prepared.status == PrepareRenameResult::Status::kRefused) {
    answer.refusal = prepared.message;
    return answer;
  }
  if (new_name == prepared.placeholder) return answer;
  if (IsKeyword(new_name)) {
    answer.refusal = Quoted(new_name) + " is a Python keyword, so it cannot be a name";
    return answer;
  }
  if (!IsIdentifier(new_name)) {
    answer.refusal = Quoted(new_name) + " is not a valid Python identifier";
    return answer;
  }
  const bridge::Occurrence* at = OccurrenceAt(result, line, column);
  const bridge::Symbol* symbol = SymbolOf(result, at->symbol);
  std::vector<bridge::Range> ranges = References(result, line, column, ReferencesOptions{});
  std::string clash = Clash(text, result, *symbol, ranges, new_name, options);
  if (!clash.empty()) {
    answer.refusal = clash;
    return answer;
  }
  for (const bridge::Range& range : ranges) answer.edits.push_back({range, new_name});
  return answer;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
