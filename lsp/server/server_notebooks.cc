/*!
 * \file server_notebooks.cc
 * \brief Notebook documents (LSP 3.17 `notebookDocument/didOpen`, `didChange`, `didClose`): a
 * notebook is analysed as one Python text, its Python code cells in order (each ending with a
 * newline), under the notebook's URI, so the document machinery (TVMScript check, worker, debounce,
 * trust) serves it unchanged; its diagnostics are split by line back to the cells they fall in.
 */
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

/*! \brief A `cells.structure` change: cells replaced, cell texts opened and closed. */
void ApplyStructure(const json& structure, Notebook* notebook) {
  const std::string at = "params.change.cells.structure";
  const json& array = lsp_json::Object(structure, "array", at);
  int64_t start = lsp_json::Integer(array, "start", at + ".array");
  int64_t count = lsp_json::Integer(array, "deleteCount", at + ".array");
  if (start < 0 || count < 0 || start + count > static_cast<int64_t>(notebook->cells.size())) {
    throw rpc::Error(rpc::kInvalidParams, at + ".array: cells " + std::to_string(start) + " to " +
                                              std::to_string(start + count) +
                                              " are not in the notebook");
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
    }
  }
  if (structure.contains("didClose")) {
    const json& closed = lsp_json::Array(structure, "didClose", at);
    for (size_t k = 0; k < closed.size(); ++k) {
      std::string cell = lsp_json::String(closed[k], "uri", at + ".didClose");
      notebook->texts.erase(cell);
      notebook->languages.erase(cell);
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
  const json& texts = lsp_json::Array(params, "cellTextDocuments", "params");
  for (size_t k = 0; k < texts.size(); ++k) {
    std::string at = "params.cellTextDocuments[" + std::to_string(k) + "]";
    std::string uri = lsp_json::String(texts[k], "uri", at);
    notebook.texts[uri] = lsp_json::String(texts[k], "text", at);
    notebook.languages[uri] = lsp_json::String(texts[k], "languageId", at);
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
      }
    }
  }
  it->second = std::move(changed);
  SyncNotebook(&it->second);
}

void Server::NotebookDidClose(const json& params) {
  const json& item = lsp_json::Object(params, "notebookDocument", "params");
  std::string uri = lsp_json::String(item, "uri", "params.notebookDocument");
  if (notebooks_.count(uri) == 0) return;
  DidClose({{"textDocument", {{"uri", uri}}}});  // clears the cells' diagnostics first
  notebooks_.erase(uri);
}

void Server::SyncNotebook(Notebook* notebook) {
  std::string text;
  int64_t line = 0;
  notebook->layout.clear();
  for (const NotebookCell& cell : notebook->cells) {
    auto cell_text = notebook->texts.find(cell.uri);
    if (cell.kind != 2 || cell_text == notebook->texts.end() ||
        notebook->languages[cell.uri] != "python") {
      continue;
    }
    notebook->layout.emplace_back(cell.uri, line);
    std::string body = cell_text->second;
    if (body.empty() || body.back() != '\n') body += '\n';
    for (char c : body) line += c == '\n';
    text += body;
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

bool Server::DeliverToCells(const std::string& uri, const json& diagnostics) {
  auto it = notebooks_.find(uri);
  if (it == notebooks_.end()) return false;
  const std::vector<std::pair<std::string, int64_t>>& layout = it->second.layout;
  std::vector<json> per_cell(layout.size(), json::array());
  auto cell_of = [&](int64_t line) {
    size_t k = 0;
    while (k + 1 < layout.size() && layout[k + 1].second <= line) ++k;
    return k;
  };
  auto shift = [](json* position, int64_t by) {
    (*position)["line"] = (*position)["line"].get<int64_t>() - by;
  };
  for (json diagnostic : diagnostics) {
    if (layout.empty()) break;
    size_t k = cell_of(diagnostic["range"]["start"]["line"].get<int64_t>());
    int64_t first = layout[k].second;
    int64_t next = k + 1 < layout.size() ? layout[k + 1].second : INT64_MAX;
    shift(&diagnostic["range"]["start"], first);
    if (diagnostic["range"]["end"]["line"].get<int64_t>() >= next) {
      diagnostic["range"]["end"] = {{"line", next - first}, {"character", 0}};
    } else {
      shift(&diagnostic["range"]["end"], first);
    }
    if (diagnostic.contains("relatedInformation")) {
      for (json& related : diagnostic["relatedInformation"]) {
        json& location = related["location"];
        if (location["uri"] != uri) continue;
        size_t j = cell_of(location["range"]["start"]["line"].get<int64_t>());
        location["uri"] = layout[j].first;
        shift(&location["range"]["start"], layout[j].second);
        shift(&location["range"]["end"], layout[j].second);
      }
    }
    per_cell[k].push_back(std::move(diagnostic));
  }
  std::set<std::string> published;
  for (size_t k = 0; k < layout.size(); ++k) {
    published.insert(layout[k].first);
    Notify("textDocument/publishDiagnostics",
           {{"uri", layout[k].first}, {"diagnostics", std::move(per_cell[k])}});
  }
  for (const std::string& gone : it->second.published) {
    if (published.count(gone) == 0) {
      Notify("textDocument/publishDiagnostics", {{"uri", gone}, {"diagnostics", json::array()}});
    }
  }
  it->second.published = std::move(published);
  return true;
}

}  // namespace lsp
}  // namespace tvm
