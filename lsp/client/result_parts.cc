/*!
 * \file result_parts.cc
 * \brief Parts of a result held by token, and the whole result assembled from them.
 */
#include <tvm/lsp/result_parts.h>

#include <algorithm>
#include <iterator>
#include <tuple>
#include <utility>

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

namespace {

template <typename T>
void Append(std::vector<T>* to, const std::vector<T>& items) {
  to->insert(to->end(), items.begin(), items.end());
}

bool RangeBefore(const bridge::Occurrence& a, const bridge::Occurrence& b) {
  const bridge::Range& x = a.range;
  const bridge::Range& y = b.range;
  return std::tie(x.line, x.column, x.end_line, x.end_column) <
         std::tie(y.line, y.column, y.end_line, y.end_column);
}

}  // namespace

bridge::ParseResult AssembleResult(const bridge::ResultParts& module,
                                   const std::vector<HeldPart>& parts) {
  bridge::ParseResult whole;
  whole.diagnostics = module.diagnostics;
  whole.symbols = module.symbols;
  size_t occurrences = 0;
  for (const HeldPart& part : parts) occurrences += part->occurrences.size();
  whole.definitions.reserve(parts.size());
  whole.occurrences.reserve(occurrences);
  for (size_t index = 0; index < parts.size(); ++index) {
    const bridge::DefinitionPart& part = *parts[index];
    whole.definitions.push_back(part.definition);
    Append(&whole.diagnostics, part.diagnostics);
    Append(&whole.occurrences, part.occurrences);
    Append(&whole.symbols, part.symbols);
    for (const bridge::Comment& comment : part.comments) {
      whole.comments.push_back(comment);
      whole.comments.back().definition = static_cast<int64_t>(index);
    }
  }
  // Module code lies in no part: each module symbol's definition occurrence comes from the
  // file's symbols, by the rule of the frontend's module_definitions (report.py).
  for (const bridge::Symbol& symbol : module.symbols) {
    if (symbol.definition_range) {
      whole.occurrences.push_back(
          bridge::Occurrence{*symbol.definition_range, symbol.id, true, symbol.kind});
    }
  }
  // As the frontend's to_plain() sorts them: stably, by range. Parts lie in source order, so
  // the list is mostly sorted already, and a stable sort of a sorted list changes nothing.
  if (!std::is_sorted(whole.occurrences.begin(), whole.occurrences.end(), RangeBefore)) {
    std::stable_sort(whole.occurrences.begin(), whole.occurrences.end(), RangeBefore);
  }
  return whole;
}

const bridge::DefinitionPart* PartsIndex::PartAt(int64_t line) const {
  // The first part starting after `line`; the one before it is the only one that can hold it.
  auto after = std::upper_bound(
      parts.begin(), parts.end(), line,
      [](int64_t at, const HeldPart& part) { return at < part->definition.range.line; });
  if (after == parts.begin()) return nullptr;
  const bridge::DefinitionPart& part = **std::prev(after);
  return line <= part.definition.range.end_line ? &part : nullptr;
}

bool HeldParts::Take(const std::string& result_id, bridge::ResultParts parts,
                     bridge::ParseResult* whole, PartsIndex* index) {
  std::vector<HeldPart> in_order;
  std::map<std::string, HeldPart> by_token;
  size_t reused = 0;
  in_order.reserve(parts.parts.size());
  for (bridge::PartEntry& entry : parts.parts) {
    HeldPart part;
    if (entry.part) {
      part = std::make_shared<const bridge::DefinitionPart>(std::move(*entry.part));
    } else {
      auto held = parts_.find(entry.token);
      if (held == parts_.end()) return false;
      part = held->second;
      ++reused;
    }
    in_order.push_back(part);
    by_token[entry.token] = std::move(part);
  }
  *whole = AssembleResult(parts, in_order);
  index->parts = std::move(in_order);
  index->module_symbols = std::move(parts.symbols);
  parts_ = std::move(by_token);
  result_id_ = result_id;
  last_reused_ = reused;
  return true;
}

void HeldParts::TakeWhole(const std::string& result_id) {
  parts_.clear();
  result_id_ = result_id;
  last_reused_ = 0;
}

}  // namespace lsp
}  // namespace tvm
