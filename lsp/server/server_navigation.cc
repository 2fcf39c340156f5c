/*!
 * \file server_navigation.cc
 * \brief The navigation rows (definition, declaration, references, documentHighlight,
 *  rename, prepareRename, documentSymbol, selectionRange, foldingRange): `Reads::kAnalysis`,
 *  answered from the document's analysis at its current version (request.h).
 */
#include <algorithm>

#include "features/features.h"
#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief LSP's SymbolKind for the analysis's kinds. */
int SymbolKindOf(const std::string& kind) {
  if (kind == "module") return 2;     // Module
  if (kind == "function") return 12;  // Function
  if (kind == "tensor") return 18;    // Array
  if (kind == "symbol") return 14;    // Constant
  if (kind == "block") return 3;      // Namespace: an S-TIR block scopes what it defines
  return 13;                          // Variable: parameters, loop variables, bound scalars
}

json OutlineJson(const features::OutlineSymbol& symbol, const DocumentMap& lines) {
  json children = json::array();
  for (const features::OutlineSymbol& child : symbol.children) {
    children.push_back(OutlineJson(child, lines));
  }
  json entry = {{"name", symbol.name},
                {"kind", SymbolKindOf(symbol.kind)},
                {"range", lsp_json::ToJson(lines.ToClient(symbol.range))},
                {"selectionRange", lsp_json::ToJson(lines.ToClient(symbol.selection))},
                {"children", std::move(children)}};
  if (!symbol.detail.empty()) entry["detail"] = symbol.detail;
  return entry;
}

/*! \brief Whether the client's `textDocument.rename.prepareSupport` is true. */
bool PrepareSupport(const json& capabilities) {
  const json* at = &capabilities;
  for (const char* key : {"textDocument", "rename", "prepareSupport"}) {
    auto it = at->is_object() ? at->find(key) : at->end();
    if (it == at->end()) return false;
    at = &*it;
  }
  return at->is_boolean() && at->get<bool>();
}

}  // namespace

namespace {

/*! \brief A navigation row: answered from the analysis at the current version. */
RequestSpec Navigation(const char* method, RequestAnswer answer, json offer = nullptr) {
  RequestSpec spec;
  spec.method = method;
  spec.reads = Reads::kAnalysis;
  spec.outside = nullptr;
  spec.answer = std::move(answer);
  if (!offer.is_null()) spec.offer = [offer](const json&) { return offer; };
  return spec;
}

std::optional<json> Locations(const std::vector<bridge::Range>& ranges, const DocumentMap& lines) {
  json answer = json::array();
  for (const bridge::Range& range : ranges) {
    answer.push_back(lsp_json::LocationJson(range, lines));  // a cell: any cell
  }
  return answer;
}

std::optional<json> Definition(const RequestView& view) {
  return Locations(features::Definition(view.analysis, view.line, view.column), view.lines);
}

std::optional<json> References(const RequestView& view) {
  features::ReferencesOptions options;
  const json& context = view.params.contains("context")
                            ? lsp_json::Object(view.params, "context", "params")
                            : json::object();
  auto include = context.find("includeDeclaration");
  if (include != context.end() && include->is_boolean()) {
    options.include_declaration = include->get<bool>();
  }
  return Locations(features::References(view.analysis, view.line, view.column, options),
                   view.lines);
}

std::optional<json> Highlights(const RequestView& view) {
  json answer = json::array();
  for (const features::Highlight& highlight :
       features::DocumentHighlight(view.document.text, view.analysis, view.line, view.column)) {
    if (!view.lines.Holds(highlight.range)) continue;  // in another cell
    answer.push_back({{"range", lsp_json::ToJson(view.lines.ToClient(highlight.range))},
                      {"kind", highlight.write ? 3 : 2}});  // Write, Read
  }
  return answer;
}

std::optional<json> PrepareRename(const RequestView& view) {
  features::PrepareRenameResult prepared =
      features::PrepareRename(view.document.text, view.analysis, view.line, view.column);
  using Status = features::PrepareRenameResult::Status;
  if (prepared.status == Status::kNothing) return json(nullptr);
  if (prepared.status == Status::kRefused) throw rpc::Error(rpc::kRequestFailed, prepared.message);
  return json{{"range", lsp_json::ToJson(view.lines.ToClient(prepared.range))},
              {"placeholder", prepared.placeholder}};
}

std::optional<json> Rename(const RequestView& view) {
  std::string new_name = lsp_json::String(view.params, "newName", "params");
  // A cell's lines in messages: its own, or another cell's named.
  features::RenameOptions options{[&view](int64_t line) { return view.lines.LineName(line); }};
  features::RenameResult renamed = features::Rename(view.document.text, view.analysis, view.line,
                                                    view.column, new_name, options);
  if (renamed.refusal) throw rpc::Error(rpc::kRequestFailed, *renamed.refusal);
  return lsp_json::WorkspaceEditJson(renamed.edits, view.lines);  // a cell: any cell
}

std::optional<json> Outline(const RequestView& view) {
  json answer = json::array();
  for (const features::OutlineSymbol& symbol :
       features::DocumentSymbols(view.document.text, view.analysis)) {
    if (!view.lines.Holds(symbol.range)) continue;  // in another cell
    answer.push_back(OutlineJson(symbol, view.lines));
  }
  return answer;
}

/*! \brief `params.positions`, checked. */
std::vector<ClientPosition> SelectionPositions(const json& params) {
  const json& positions = lsp_json::Array(params, "positions", "params");
  std::vector<ClientPosition> wanted;
  for (size_t k = 0; k < positions.size(); ++k) {
    std::string path = "params.positions[" + std::to_string(k) + "]";
    if (!positions[k].is_object()) {
      throw rpc::Error(rpc::kInvalidParams,
                       path + ": expected an object, got " + lsp_json::KindName(positions[k]));
    }
    wanted.push_back(ClientPosition{lsp_json::Integer(positions[k], "line", path),
                                    lsp_json::Integer(positions[k], "character", path)});
  }
  return wanted;
}

std::optional<json> SelectionRanges(const RequestView& view) {
  json answer = json::array();
  std::vector<std::pair<int64_t, int64_t>> at;
  for (const ClientPosition& position : SelectionPositions(view.params)) {
    at.push_back(view.lines.FromClient(position));
  }
  for (const std::vector<bridge::Range>& chain :
       features::SelectionRanges(view.document.text, view.analysis, at)) {
    json parent;                      // null: the outermost has none
    std::optional<ClientRange> last;  // a cell clamps the outer ranges: one of each
    for (auto range = chain.rbegin(); range != chain.rend(); ++range) {
      ClientRange client = view.lines.ToClient(*range);
      if (last == client) continue;
      last = client;
      json entry = {{"range", lsp_json::ToJson(client)}};
      if (!parent.is_null()) entry["parent"] = std::move(parent);
      parent = std::move(entry);
    }
    answer.push_back(std::move(parent));
  }
  return answer;
}

std::optional<json> Folds(const RequestView& view) {
  json answer = json::array();
  for (const features::Fold& fold : features::FoldingRanges(view.document.text)) {
    if (!view.lines.Holds(fold.start_line)) continue;  // in another cell
    int64_t start = view.lines.ToClient(fold.start_line, 0).line;
    int64_t end = view.lines.ToClient(std::min(fold.end_line, view.lines.last_line()), 0).line;
    if (end <= start) continue;
    json range = {{"startLine", start}, {"endLine", end}};
    if (fold.comment) range["kind"] = "comment";
    answer.push_back(std::move(range));
  }
  return answer;
}

}  // namespace

std::vector<RequestSpec> Server::NavigationRequests() {
  RequestSpec rename = Navigation("textDocument/rename", Rename);
  rename.check = [](const json& params) { lsp_json::String(params, "newName", "params"); };
  rename.offer = [](const json& client_capabilities) {
    json offer = PrepareSupport(client_capabilities) ? json{{"prepareProvider", true}} : json(true);
    return json{{"renameProvider", offer}};
  };
  RequestSpec selection = Navigation("textDocument/selectionRange", SelectionRanges,
                                     {{"selectionRangeProvider", true}});
  selection.check = [](const json& params) { SelectionPositions(params); };
  std::vector<RequestSpec> rows;
  rows.push_back(Navigation("textDocument/definition", Definition, {{"definitionProvider", true}}));
  rows.push_back(
      Navigation("textDocument/declaration", Definition, {{"declarationProvider", true}}));
  rows.push_back(Navigation("textDocument/references", References, {{"referencesProvider", true}}));
  rows.push_back(Navigation("textDocument/documentHighlight", Highlights,
                            {{"documentHighlightProvider", true}}));
  rows.push_back(Navigation("textDocument/prepareRename", PrepareRename));
  rows.push_back(std::move(rename));
  rows.push_back(
      Navigation("textDocument/documentSymbol", Outline, {{"documentSymbolProvider", true}}));
  rows.push_back(std::move(selection));
  rows.push_back(Navigation("textDocument/foldingRange", Folds, {{"foldingRangeProvider", true}}));
  return rows;
}

}  // namespace lsp
}  // namespace tvm
