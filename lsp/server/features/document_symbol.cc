/*!
 * \file document_symbol.cc
 * \brief The document's outline: definitions, a module's functions, and what each function
 *  defines, from the analysis's symbols, S-TIR blocks nesting what they define; a module
 *  function's or a block's extent from its indented body.
 */
#include <algorithm>

#include "features.h"
#include "python_text.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

bool Inside(const bridge::Range& range, const bridge::Range& outer) {
  return range.line >= outer.line && range.end_line <= outer.end_line;
}

OutlineSymbol Entry(const bridge::Symbol& symbol) {
  // A block's type is its whole header (hover's): the outline names it only.
  return OutlineSymbol{symbol.name,
                       symbol.kind,
                       symbol.kind == "block" ? "" : symbol.type,
                       *symbol.definition_range,
                       *symbol.definition_range,
                       {}};
}

/*! \brief A module function or a block: from its `def` or `with` line to the end of its body. */
OutlineSymbol ScopeEntry(const bridge::Symbol& symbol, const std::vector<std::string>& code,
                         const std::vector<int64_t>& block_ends) {
  OutlineSymbol entry = Entry(symbol);
  int64_t line = symbol.definition_range->line;
  int64_t block_end = line >= 1 && line <= static_cast<int64_t>(block_ends.size())
                          ? block_ends[static_cast<size_t>(line - 1)]
                          : 0;
  int64_t end = std::max(block_end, symbol.definition_range->end_line);
  int64_t width = end <= static_cast<int64_t>(code.size())
                      ? static_cast<int64_t>(code[static_cast<size_t>(end - 1)].size())
                      : 0;
  entry.range = bridge::Range{line, 0, end, width};
  return entry;
}

/*!
 * \brief Appends `entry` to `list`, or inside the last entry when that is a block whose lines
 *  hold it (symbols come in source order, so only the last block can): blocks nest.
 */
void AddNested(std::vector<OutlineSymbol>* list, OutlineSymbol entry) {
  if (!list->empty() && list->back().kind == "block" &&
      Inside(entry.selection, list->back().range) &&
      entry.selection.line > list->back().range.line) {
    AddNested(&list->back().children, std::move(entry));
    return;
  }
  list->push_back(std::move(entry));
}

OutlineSymbol DefinitionEntry(const bridge::Definition& definition,
                              std::vector<const bridge::Symbol*>& inside,
                              const std::vector<std::string>& code,
                              const std::vector<int64_t>& block_ends) {
  OutlineSymbol root{definition.name,
                     definition.kind,
                     "",
                     definition.range,
                     bridge::Range{definition.range.line, definition.range.column,
                                   definition.range.line, definition.range.column},
                     {}};
  auto own = std::find_if(inside.begin(), inside.end(), [&](const bridge::Symbol* symbol) {
    return symbol->name == definition.name && symbol->kind == definition.kind;
  });
  if (own != inside.end()) {
    root.selection = *(*own)->definition_range;
    inside.erase(own);
  }
  OutlineSymbol* function = nullptr;  // the module function entries go under, if any
  for (const bridge::Symbol* symbol : inside) {
    if (definition.kind == "module" && symbol->kind == "function") {
      root.children.push_back(ScopeEntry(*symbol, code, block_ends));
      function = &root.children.back();
      continue;
    }
    OutlineSymbol entry =
        symbol->kind == "block" ? ScopeEntry(*symbol, code, block_ends) : Entry(*symbol);
    AddNested(&(function != nullptr ? function : &root)->children, std::move(entry));
  }
  return root;
}

}  // namespace

std::vector<OutlineSymbol> DocumentSymbols(const std::string& text,
                                           const bridge::ParseResult& result) {
  std::vector<std::string> code = CodeLines(SplitLines(text));
  std::vector<int64_t> block_ends = BlockEnds(code);
  std::vector<const bridge::Symbol*> symbols;
  for (const bridge::Symbol& symbol : result.symbols) {
    if (symbol.definition_range) symbols.push_back(&symbol);
  }
  std::stable_sort(symbols.begin(), symbols.end(), [](const auto* a, const auto* b) {
    const bridge::Range& x = *a->definition_range;
    const bridge::Range& y = *b->definition_range;
    return std::tie(x.line, x.column) < std::tie(y.line, y.column);
  });
  std::vector<OutlineSymbol> outline;
  std::vector<bool> placed(symbols.size(), false);
  for (const bridge::Definition& definition : result.definitions) {
    std::vector<const bridge::Symbol*> inside;
    // Only the symbols from the definition's first line on can be inside (sorted by line).
    auto first = std::lower_bound(symbols.begin(), symbols.end(), definition.range.line,
                                  [](const bridge::Symbol* symbol, int64_t line) {
                                    return symbol->definition_range->line < line;
                                  });
    for (auto k = static_cast<size_t>(first - symbols.begin());
         k < symbols.size() && symbols[k]->definition_range->line <= definition.range.end_line;
         ++k) {
      if (placed[k] || !Inside(*symbols[k]->definition_range, definition.range)) continue;
      inside.push_back(symbols[k]);
      placed[k] = true;
    }
    outline.push_back(DefinitionEntry(definition, inside, code, block_ends));
  }
  // Module symbols (`n = T.dynamic("n")` at the top): entries of their own.
  for (size_t k = 0; k < symbols.size(); ++k) {
    if (!placed[k]) outline.push_back(Entry(*symbols[k]));
  }
  std::stable_sort(outline.begin(), outline.end(), [](const auto& a, const auto& b) {
    return std::tie(a.range.line, a.range.column) < std::tie(b.range.line, b.range.column);
  });
  return outline;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
