/*!
 * \file inlay_hints.cc
 * \brief Inlay hints: the inferred dtype of bound scalars and of loop variables that are not
 *  int32, from the analysis's symbols and definition occurrences, and the regions of an S-TIR
 *  block that its source leaves to block completion.
 */
#include <algorithm>
#include <map>
#include <tuple>

#include "features.h"
#include "python_text.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief "int64" for "T.int64"; empty for anything that is not a bare scalar type. */
std::string ScalarDtype(const std::string& type) {
  const std::string prefix = "T.";
  if (type.compare(0, prefix.size(), prefix) != 0 || type.size() == prefix.size()) return "";
  for (size_t k = prefix.size(); k < type.size(); ++k) {
    char c = type[k];
    bool word =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!word) return "";
  }
  return type.substr(prefix.size());
}

/*! \brief Whether the name ending at `column` of `line` is annotated (`x: T.int32 = ...`). */
bool Annotated(std::string_view line, int64_t column) {
  size_t k = static_cast<size_t>(column);
  while (k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
  return k < line.size() && line[k] == ':';
}

/*!
 * \brief The regions block completion inferred where a block's source leaves `T.reads` or
 *  `T.writes` out: its header lines that end with `  # inferred` (sblock_summary.py), shown
 *  after the block's `with ...:` line. The line must still name the block there.
 */
void AddInferredRegions(const std::vector<std::string_view>& lines,
                        const bridge::ParseResult& result, int64_t first_line, int64_t last_line,
                        std::vector<InlayHint>* hints) {
  const std::string marker = "  # inferred";
  for (const bridge::Symbol& symbol : result.symbols) {
    if (symbol.kind != "block" || !symbol.definition_range) continue;
    const bridge::Range& at = *symbol.definition_range;
    if (at.line < first_line || at.line > last_line || at.line != at.end_line) continue;
    if (at.line < 1 || at.line > static_cast<int64_t>(lines.size())) continue;
    std::string_view line = lines[static_cast<size_t>(at.line - 1)];
    if (at.end_column > static_cast<int64_t>(line.size()) ||
        line.substr(static_cast<size_t>(at.column),
                    static_cast<size_t>(at.end_column - at.column)) != symbol.name) {
      continue;
    }
    std::string label;
    std::string_view header = symbol.type;
    while (!header.empty()) {
      size_t end = header.find('\n');
      std::string_view row = header.substr(0, end);
      if (row.size() > marker.size() && row.substr(row.size() - marker.size()) == marker) {
        label +=
            (label.empty() ? "" : " ") + std::string(row.substr(0, row.size() - marker.size()));
      }
      header = end == std::string_view::npos ? std::string_view() : header.substr(end + 1);
    }
    if (label.empty()) continue;
    size_t colon = line.rfind(':');
    if (colon == std::string_view::npos || colon < static_cast<size_t>(at.end_column)) continue;
    hints->push_back(InlayHint{at.line, static_cast<int64_t>(colon + 1), "  " + label});
  }
}

}  // namespace

std::vector<InlayHint> InlayHints(const std::string& text, const bridge::ParseResult& result,
                                  int64_t first_line, int64_t last_line,
                                  const InlayHintOptions& options) {
  std::vector<InlayHint> hints;
  if (!options.enable) return hints;
  std::map<std::string, const bridge::Symbol*> symbols;
  for (const bridge::Symbol& symbol : result.symbols) symbols[symbol.id] = &symbol;
  std::vector<std::string_view> lines = SplitLines(text);
  for (const bridge::Occurrence& occurrence : result.occurrences) {
    if (!occurrence.is_definition) continue;
    if (occurrence.kind != "variable" && occurrence.kind != "loop") continue;
    const bridge::Range& at = occurrence.range;
    if (at.end_line < first_line || at.end_line > last_line) continue;
    if (at.end_line < 1 || at.end_line > static_cast<int64_t>(lines.size())) continue;
    auto symbol = symbols.find(occurrence.symbol);
    if (symbol == symbols.end()) continue;
    std::string dtype = ScalarDtype(symbol->second->type);
    if (dtype.empty() || (occurrence.kind == "loop" && dtype == "int32")) continue;
    std::string_view line = lines[static_cast<size_t>(at.end_line - 1)];
    // The text must still hold the name there (the analysis may be of an older text).
    if (at.end_column > static_cast<int64_t>(line.size()) || at.line != at.end_line ||
        line.compare(static_cast<size_t>(at.column), static_cast<size_t>(at.end_column - at.column),
                     symbol->second->name) != 0) {
      continue;
    }
    if (occurrence.kind == "variable" && Annotated(line, at.end_column)) continue;
    hints.push_back(InlayHint{at.end_line, at.end_column, ": " + dtype});
  }
  AddInferredRegions(lines, result, first_line, last_line, &hints);
  std::stable_sort(hints.begin(), hints.end(), [](const InlayHint& a, const InlayHint& b) {
    return std::tie(a.line, a.column) < std::tie(b.line, b.column);
  });
  return hints;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
