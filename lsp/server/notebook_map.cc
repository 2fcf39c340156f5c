/*!
 * \file notebook_map.cc
 * \brief DocumentMap: a request's document (a text, or a notebook cell) against the analysed
 *  text, both ways.
 */
#include "notebook_map.h"

#include <algorithm>
#include <limits>
#include <map>

#include "lsp_json.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

namespace {

constexpr int64_t kEndOfLine = std::numeric_limits<int64_t>::max();
/*! \brief A text document's span: every line (large enough, small enough not to overflow). */
constexpr int64_t kAllLines = std::numeric_limits<int64_t>::max() / 4;

}  // namespace

std::string FileNameOf(const std::string& uri) {
  size_t slash = uri.rfind('/');
  return slash == std::string::npos ? uri : uri.substr(slash + 1);
}

void AppendCell(const std::string& cell_text, CellSpan span, std::string* text,
                NotebookLayout* layout) {
  std::string body = cell_text;
  span.ends_with_break = !body.empty() && (body.back() == '\n' || body.back() == '\r');
  // A cell's text always ends with a line break, so no line of it joins the next cell's; a
  // lone "\r" becomes "\r\n" (still one break), or a next cell starting with "\n" would merge.
  if (!span.ends_with_break || body.back() == '\r') body += '\n';
  span.first_line = layout->empty() ? 0 : layout->back().first_line + layout->back().line_count;
  span.line_count = static_cast<int64_t>(LineIndex(body, PositionEncoding::kUtf8).line_count()) - 1;
  *text += body;
  layout->push_back(std::move(span));
}

DocumentMap::DocumentMap(std::string_view text, PositionEncoding encoding, std::string uri,
                         std::shared_ptr<const std::vector<size_t>> starts)
    : index_(starts ? LineIndex(text, encoding, std::move(starts)) : LineIndex(text, encoding)),
      name_(FileNameOf(uri)) {
  span_.uri = std::move(uri);
  span_.line_count = kAllLines;
}

DocumentMap::DocumentMap(std::string_view text, PositionEncoding encoding, NotebookLayout layout,
                         const std::string& cell_uri, std::string notebook_name)
    : index_(text, encoding), layout_(std::move(layout)), is_cell_(true) {
  for (size_t k = 0; k < layout_.size(); ++k) {
    if (layout_[k].uri == cell_uri) cell_ = k;
  }
  if (cell_ != kNone) {
    span_ = layout_[cell_];
  } else {
    span_.uri = cell_uri;  // holds nothing: line_count 0
  }
  notebook_name_ = std::move(notebook_name);
  name_ = notebook_name_ + " cell " + std::to_string(span_.index + 1);
}

std::pair<int64_t, int64_t> DocumentMap::FromClient(const ClientPosition& position) const {
  if (span_.line_count == 0) return {1, 0};
  if (position.line < 0) return {span_.first_line + 1, 0};
  if (position.line >= span_.line_count) {
    return index_.FromClient(ClientPosition{span_.first_line + span_.line_count - 1, kEndOfLine});
  }
  return index_.FromClient(ClientPosition{span_.first_line + position.line, position.character});
}

bridge::Range DocumentMap::FromClient(const ClientRange& range) const {
  auto [line, column] = FromClient(range.start);
  auto [end_line, end_column] = FromClient(range.end);
  return bridge::Range{line, column, end_line, end_column};
}

ClientPosition DocumentMap::Shift(const CellSpan& span, const ClientPosition& position) const {
  if (span.line_count == 0 || position.line < span.first_line) return ClientPosition{0, 0};
  if (position.line >= span.first_line + span.line_count) {
    // The cell's end: after its own last line break, or at the end of its last line.
    if (span.ends_with_break) return ClientPosition{span.line_count, 0};
    ClientPosition end = index_.ToClient(span.first_line + span.line_count, kEndOfLine);
    return ClientPosition{span.line_count - 1, end.character};
  }
  return ClientPosition{position.line - span.first_line, position.character};
}

ClientPosition DocumentMap::ToClient(int64_t line, int64_t byte_column) const {
  return Shift(span_, index_.ToClient(line, byte_column));
}

ClientRange DocumentMap::ToClient(const bridge::Range& range) const {
  return ClientRange{ToClient(range.line, range.column),
                     ToClient(range.end_line, range.end_column)};
}

std::string DocumentMap::LineName(int64_t line) const {
  if (!is_cell_ || Holds(line)) return std::to_string(LineIn(line));
  const CellSpan& span = SpanOf(line - 1);
  return std::to_string(line - span.first_line) + " of " + notebook_name_ + " cell " +
         std::to_string(span.index + 1);
}

bool DocumentMap::Holds(int64_t line) const {
  return line > span_.first_line && line <= span_.first_line + span_.line_count;
}

const CellSpan& DocumentMap::SpanOf(int64_t line) const {
  if (layout_.empty()) return span_;
  auto after =
      std::upper_bound(layout_.begin(), layout_.end(), line,
                       [](int64_t l, const CellSpan& span) { return l < span.first_line; });
  return after == layout_.begin() ? layout_.front() : *(after - 1);
}

ClientLocation DocumentMap::Locate(const ClientRange& range) const {
  const CellSpan& span = SpanOf(range.start.line);
  return ClientLocation{span.uri, ClientRange{Shift(span, range.start), Shift(span, range.end)},
                        span.version};
}

ClientLocation DocumentMap::Locate(const bridge::Range& range) const {
  return Locate(index_.ToClient(range));
}

const std::vector<bridge::Symbol>& DocumentMap::Symbols(
    const std::vector<bridge::Symbol>& symbols, std::vector<bridge::Symbol>* storage) const {
  if (!is_cell_) return symbols;
  *storage = symbols;
  for (bridge::Symbol& symbol : *storage) {
    if (!symbol.definition_range) continue;
    if (!Holds(*symbol.definition_range)) {
      symbol.definition_range.reset();
      continue;
    }
    int64_t shift = span_.first_line;
    symbol.definition_range->line -= shift;
    symbol.definition_range->end_line -= shift;
  }
  return *storage;
}

namespace lsp_json {

json ToJson(const bridge::TextEdit& edit, const DocumentMap& map) {
  return json{{"range", ToJson(map.ToClient(edit.range))}, {"newText", edit.new_text}};
}

json ToJson(const bridge::Diagnostic& diagnostic, const DocumentMap& map) {
  json out = ToJson(diagnostic, map.index(), map.uri());
  out["range"] = ToJson(map.ToClient(diagnostic.range));
  for (size_t k = 0; k < diagnostic.related.size(); ++k) {
    out["relatedInformation"][k]["location"] = LocationJson(diagnostic.related[k].range, map);
  }
  return out;
}

json LocationJson(const bridge::Range& range, const DocumentMap& map) {
  ClientLocation where = map.Locate(range);
  return json{{"uri", where.uri}, {"range", ToJson(where.range)}};
}

json WorkspaceEditJson(const std::vector<bridge::TextEdit>& edits, const DocumentMap& map) {
  if (!map.is_cell()) {
    json list = json::array();
    for (const bridge::TextEdit& edit : edits) list.push_back(ToJson(edit, map));
    return json{{"changes", {{map.uri(), std::move(list)}}}};
  }
  // By cell, in the order the cells come.
  std::vector<ClientLocation> documents;
  std::map<std::string, json> by_uri;
  for (const bridge::TextEdit& edit : edits) {
    ClientLocation where = map.Locate(edit.range);
    if (by_uri.count(where.uri) == 0) documents.push_back(where);
    by_uri[where.uri].push_back({{"range", ToJson(where.range)}, {"newText", edit.new_text}});
  }
  if (!map.versioned_edits) {
    json changes = json::object();
    for (auto& [uri, list] : by_uri) changes[uri] = std::move(list);
    return json{{"changes", std::move(changes)}};
  }
  json document_changes = json::array();
  for (const ClientLocation& document : documents) {
    json version = document.version ? json(*document.version) : json(nullptr);
    document_changes.push_back(
        {{"textDocument", {{"uri", document.uri}, {"version", std::move(version)}}},
         {"edits", std::move(by_uri[document.uri])}});
  }
  return json{{"documentChanges", std::move(document_changes)}};
}

}  // namespace lsp_json
}  // namespace lsp
}  // namespace tvm
