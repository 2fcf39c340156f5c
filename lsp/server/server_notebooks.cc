/*!
 * \file server_notebooks.cc
 * \brief Notebook documents (LSP 3.17 `notebookDocument/didOpen`, `didChange`, `didClose`): a
 * notebook is analysed as one Python text, its Python code cells in order (each ending with a
 * newline), under the notebook's URI, so the document machinery (TVMScript check, worker, debounce,
 * trust) serves it unchanged; its diagnostics are split by line back to the cells they fall in.
 * Requests on a cell URI resolve here (`Resolve`, `MapOf`) to the notebook's document and the
 * cell's lines of it (notebook_map.h), so every feature answers on cells.
 */
#include <functional>
#include <limits>

#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace {

std::vector<NotebookCell> CellsOf(const json& list, const std::string& path) {
  std::vector<NotebookCell> cells;
  if (!list.is_array()) {
    throw rpc::Error(rpc::kInvalidParams,
                     path + ": expected an array, got " + lsp_json::KindName(list));
  }
  for (size_t k = 0; k < list.size(); ++k) {
    std::string at = path + "[" + std::to_string(k) + "]";
    if (!list[k].is_object()) {
      throw rpc::Error(rpc::kInvalidParams, at + ": expected an object");
    }
    cells.push_back(
        {lsp_json::String(list[k], "document", at), lsp_json::Integer(list[k], "kind", at)});
  }
  return cells;
}

/*!
 * \brief Refuses a notebook whose cells would not each name one document: a URI twice (which
 *  cell would a request on it mean?), or one that `is_text_document` (open as a text document).
 */
void CheckCells(const std::vector<NotebookCell>& cells, const std::string& path,
                const std::function<bool(const std::string&)>& is_text_document) {
  std::set<std::string> seen;
  for (size_t k = 0; k < cells.size(); ++k) {
    std::string at = path + ": cell " + std::to_string(k) + ", " + cells[k].uri + ", ";
    if (!seen.insert(cells[k].uri).second) {
      throw rpc::Error(rpc::kInvalidParams, at + "is a cell of the notebook twice");
    }
    if (is_text_document(cells[k].uri)) {
      throw rpc::Error(rpc::kInvalidParams, at + "is open as a text document");
    }
  }
}

/*! \brief A `cells.structure` change: cells replaced, cell texts opened and closed. */
void ApplyStructure(const json& structure, Notebook* notebook) {
  const std::string at = "params.change.cells.structure";
  const json& array = lsp_json::Object(structure, "array", at);
  int64_t start = lsp_json::Integer(array, "start", at + ".array");
  int64_t count = lsp_json::Integer(array, "deleteCount", at + ".array");
  int64_t size = static_cast<int64_t>(notebook->cells.size());
  if (start < 0 || count < 0 || start > size || count > size - start) {
    // (start + count may not fit: say so without computing it.)
    std::string end = count > std::numeric_limits<int64_t>::max() - start
                          ? "past " + std::to_string(std::numeric_limits<int64_t>::max())
                          : std::to_string(start + count);
    throw rpc::Error(rpc::kInvalidParams, at + ".array: cells " + std::to_string(start) + " to " +
                                              end + " are not in the notebook");
  }
  std::vector<NotebookCell> added;
  if (array.contains("cells")) added = CellsOf(array["cells"], at + ".array.cells");
  auto first = notebook->cells.begin() + start;
  first = notebook->cells.erase(first, first + count);
  notebook->cells.insert(first, added.begin(), added.end());
  if (structure.contains("didOpen")) {
    const json& opened = lsp_json::Array(structure, "didOpen", at);
    for (size_t k = 0; k < opened.size(); ++k) {
      std::string path = at + ".didOpen[" + std::to_string(k) + "]";
      std::string cell = lsp_json::String(opened[k], "uri", path);
      notebook->texts[cell] = lsp_json::String(opened[k], "text", path);
      notebook->languages[cell] = lsp_json::String(opened[k], "languageId", path);
      notebook->versions[cell] = lsp_json::OptionalInteger(opened[k], "version", path);
    }
  }
  if (structure.contains("didClose")) {
    const json& closed = lsp_json::Array(structure, "didClose", at);
    for (size_t k = 0; k < closed.size(); ++k) {
      std::string cell = lsp_json::String(closed[k], "uri", at + ".didClose");
      notebook->texts.erase(cell);
      notebook->languages.erase(cell);
      notebook->versions.erase(cell);
    }
  }
}

}  // namespace

void Server::NotebookDidOpen(const json& params) {
  const json& item = lsp_json::Object(params, "notebookDocument", "params");
  Notebook notebook;
  notebook.uri = lsp_json::String(item, "uri", "params.notebookDocument");
  if (!item.contains("cells"))
    throw rpc::Error(rpc::kInvalidParams, "params.notebookDocument.cells: missing");
  notebook.cells = CellsOf(item["cells"], "params.notebookDocument.cells");
  CheckCells(notebook.cells, "params.notebookDocument.cells",
             [this](const std::string& uri) { return Find(uri) != nullptr; });
  const json& texts = lsp_json::Array(params, "cellTextDocuments", "params");
  for (size_t k = 0; k < texts.size(); ++k) {
    std::string at = "params.cellTextDocuments[" + std::to_string(k) + "]";
    std::string uri = lsp_json::String(texts[k], "uri", at);
    notebook.texts[uri] = lsp_json::String(texts[k], "text", at);
    notebook.languages[uri] = lsp_json::String(texts[k], "languageId", at);
    notebook.versions[uri] = lsp_json::OptionalInteger(texts[k], "version", at);
  }
  if (Find(notebook.uri) != nullptr && notebooks_.count(notebook.uri) == 0) {
    throw rpc::Error(rpc::kInvalidParams, notebook.uri + " is open as a text document");
  }
  if (auto open = notebooks_.find(notebook.uri); open != notebooks_.end()) {
    notebook.version = open->second.version;
  }
  Notebook& stored = notebooks_[notebook.uri] = std::move(notebook);
  SyncNotebook(&stored);
}

void Server::NotebookDidChange(const json& params) {
  const json& item = lsp_json::Object(params, "notebookDocument", "params");
  std::string uri = lsp_json::String(item, "uri", "params.notebookDocument");
  auto it = notebooks_.find(uri);
  if (it == notebooks_.end()) throw rpc::Error(rpc::kInvalidParams, uri + " is not open");
  Notebook changed = it->second;  // all checked before anything is kept
  const json* cells = nullptr;
  if (auto change = params.find("change"); change != params.end() && change->is_object()) {
    if (auto c = change->find("cells"); c != change->end() && c->is_object()) cells = &*c;
  }
  if (cells != nullptr) {
    if (auto structure = cells->find("structure"); structure != cells->end()) {
      ApplyStructure(*structure, &changed);
    }
    if (cells->contains("data")) {
      for (const NotebookCell& cell : CellsOf((*cells)["data"], "params.change.cells.data")) {
        for (NotebookCell& mine : changed.cells) {
          if (mine.uri == cell.uri) mine.kind = cell.kind;
        }
      }
    }
    if (cells->contains("textContent")) {
      const json& contents = lsp_json::Array(*cells, "textContent", "params.change.cells");
      for (size_t k = 0; k < contents.size(); ++k) {
        std::string at = "params.change.cells.textContent[" + std::to_string(k) + "]";
        const json& document = lsp_json::Object(contents[k], "document", at);
        std::string cell = lsp_json::String(document, "uri", at + ".document");
        auto text = changed.texts.find(cell);
        if (text == changed.texts.end()) {
          throw rpc::Error(rpc::kInvalidParams, at + ".document: " + cell + " is not open");
        }
        std::vector<TextChange> edits;
        text->second = ApplyContentChanges(
            text->second, lsp_json::Array(contents[k], "changes", at), at + ".changes", &edits);
        changed.versions[cell] = lsp_json::OptionalInteger(document, "version", at + ".document");
      }
    }
  }
  CheckCells(changed.cells, "params.change.cells.structure",
             [this](const std::string& uri) { return Find(uri) != nullptr; });
  if (Document* document = Find(uri)) {
    for (const CellSpan& span : it->second.layout) {
      if (changed.texts.count(span.uri) != 0) continue;
      auto gone = document->views.find(span.uri);  // its tokens go; DeliverToCells its pulls
      if (gone != document->views.end()) {
        gone->second.tokens.clear();
        gone->second.tokens_result_id.clear();
      }
    }
  }
  it->second = std::move(changed);
  SyncNotebook(&it->second);
}

void Server::NotebookDidClose(const json& params) {
  const json& item = lsp_json::Object(params, "notebookDocument", "params");
  std::string uri = lsp_json::String(item, "uri", "params.notebookDocument");
  auto it = notebooks_.find(uri);
  if (it == notebooks_.end()) return;
  // Clears the cells' diagnostics, then drops their views (a waiting pull: an empty report).
  DidClose({{"textDocument", {{"uri", uri}}}});
  notebooks_.erase(it);
}

void Server::NotebookDidSave(const json& params) {
  const json& item = lsp_json::Object(params, "notebookDocument", "params");
  std::string uri = lsp_json::String(item, "uri", "params.notebookDocument");
  if (notebooks_.count(uri) != 0) DidSave({{"textDocument", {{"uri", uri}}}});
}

void Server::SyncNotebook(Notebook* notebook) {
  std::string text;
  notebook->layout.clear();
  for (size_t k = 0; k < notebook->cells.size(); ++k) {
    const NotebookCell& cell = notebook->cells[k];
    auto cell_text = notebook->texts.find(cell.uri);
    if (cell.kind != 2 || cell_text == notebook->texts.end() ||
        notebook->languages[cell.uri] != "python") {
      continue;
    }
    CellSpan span;
    span.uri = cell.uri;
    span.version = notebook->versions[cell.uri];
    span.index = static_cast<int64_t>(k);
    AppendCell(cell_text->second, std::move(span), &text, &notebook->layout);
  }
  int64_t version = ++notebook->version;
  if (Find(notebook->uri) == nullptr) {
    DidOpen({{"textDocument",
              {{"uri", notebook->uri},
               {"languageId", "python"},
               {"version", version},
               {"text", text}}}});
  } else {
    DidChange({{"textDocument", {{"uri", notebook->uri}, {"version", version}}},
               {"contentChanges", {{{"text", text}}}}});
  }
}

bool Server::DeliverToCells(const std::string& uri, int64_t version, const json& diagnostics) {
  auto it = notebooks_.find(uri);
  if (it == notebooks_.end()) return false;
  Document* document = Find(uri);
  if (document == nullptr) return false;
  const NotebookLayout& layout = it->second.layout;
  // No cell is asked for: the map only locates (each diagnostic in the cell of its start).
  DocumentMap map(document->text, encoding_, layout, std::string(), std::string());
  std::map<std::string, json> per_cell;
  for (const CellSpan& span : layout) per_cell[span.uri] = json::array();
  auto range_of = [](const json& range) {
    auto at = [](const json& position) {
      return ClientPosition{position["line"].get<int64_t>(), position["character"].get<int64_t>()};
    };
    return ClientRange{at(range["start"]), at(range["end"])};
  };
  for (json diagnostic : diagnostics) {
    if (layout.empty()) break;
    ClientLocation where = map.Locate(range_of(diagnostic["range"]));
    diagnostic["range"] = lsp_json::ToJson(where.range);
    if (diagnostic.contains("relatedInformation")) {
      for (json& related : diagnostic["relatedInformation"]) {
        json& location = related["location"];
        if (location["uri"] != uri) continue;
        ClientLocation there = map.Locate(range_of(location["range"]));
        location = {{"uri", there.uri}, {"range", lsp_json::ToJson(there.range)}};
      }
    }
    per_cell[where.uri].push_back(std::move(diagnostic));
  }
  std::set<std::string> published;
  for (const CellSpan& span : layout) {
    published.insert(span.uri);
    if (pull_diagnostics_) {
      KeepPulled(document, &document->views[span.uri], version, std::move(per_cell[span.uri]));
    } else {
      Notify("textDocument/publishDiagnostics",
             {{"uri", span.uri}, {"diagnostics", std::move(per_cell[span.uri])}});
    }
  }
  for (const std::string& gone : it->second.published) {
    if (published.count(gone) != 0) continue;
    if (pull_diagnostics_) {
      auto view = document->views.find(gone);
      if (view != document->views.end()) {
        ClosePulls(&view->second);  // not analysed any more: an empty report
        document->views.erase(view);
      }
    } else {
      Notify("textDocument/publishDiagnostics", {{"uri", gone}, {"diagnostics", json::array()}});
    }
  }
  it->second.published = std::move(published);
  return true;
}

void Server::InitializeNotebooks(const json& capabilities) {
  const json* at = &capabilities;
  for (const char* key : {"workspace", "workspaceEdit", "documentChanges"}) {
    auto next = at->is_object() ? at->find(key) : at->end();
    if (next == at->end()) return;
    at = &*next;
  }
  versioned_edits_ = at->is_boolean() && at->get<bool>();
}

Document* Server::Resolve(const std::string& uri) {
  if (notebooks_.count(uri) != 0) return nullptr;  // a notebook is not a text document
  if (Document* document = Find(uri)) return document;
  for (auto& [notebook_uri, notebook] : notebooks_) {
    for (const NotebookCell& cell : notebook.cells) {
      if (cell.uri != uri) continue;
      for (const CellSpan& span : notebook.layout) {
        if (span.uri == uri) return Find(notebook_uri);
      }
      unanalysed_cell_ = Document();
      unanalysed_cell_.uri = uri;
      return &unanalysed_cell_;
    }
  }
  return nullptr;
}

DocumentMap Server::MapOf(const std::string& uri, const Document& document) const {
  auto notebook = notebooks_.find(document.uri);
  if (notebook == notebooks_.end() || uri == document.uri) {
    return DocumentMap(document.text, encoding_, uri, LineStartsOf(document));
  }
  DocumentMap map(document.text, encoding_, notebook->second.layout, uri, FileNameOf(document.uri));
  map.versioned_edits = versioned_edits_;
  return map;
}

}  // namespace lsp
}  // namespace tvm
