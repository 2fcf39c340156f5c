/*!
 * \file server_workspace.cc
 * \brief `workspace/symbol` over the open documents and the workspace index, the index's
 *  lifecycle (started at `initialized`, walked again when the workspace folders change, kept
 *  up to date by `didSave` and `workspace/didChangeWatchedFiles`, stopped at shutdown), and its
 *  `$/progress` to clients that support `window.workDoneProgress`.
 */
#include <boost/asio/post.hpp>
#include <cctype>
#include <chrono>
#include <cstdio>

#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"
#include "workspace_index.h"

namespace tvm {
namespace lsp {

namespace {

enum LogType { kLogInfo = 3 };

/*! \brief LSP's SymbolKind: Module 2, Function 12 (macros too). */
int WorkspaceSymbolKind(const std::string& kind) { return kind == "module" ? 2 : 12; }

/*! \brief Whether the value at JSON pointer `pointer` is `true`. */
bool IsTrueAt(const json& object, const char* pointer) {
  json::json_pointer at(pointer);
  return object.contains(at) && object.at(at).is_boolean() && object.at(at).get<bool>();
}

/*! \brief A `file://` URI of an absolute path, encoded as VS Code encodes it (all but
 *  unreserved characters and `/`), so it equals the URI of the same file opened there. */
std::string UriOfPath(const std::string& path) {
  static const char* kHex = "0123456789ABCDEF";
  std::string uri = "file://";
  for (char c : path) {
    auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
      uri += c;
    } else {
      uri += '%';
      uri += kHex[byte >> 4];
      uri += kHex[byte & 15];
    }
  }
  return uri;
}

/*! \brief The symbol's name range in the client's units, from its line's prefix. */
json SymbolRange(const features::WorkspaceSymbol& symbol, PositionEncoding encoding) {
  LineIndex prefix(symbol.line_prefix, encoding);
  ClientPosition start = prefix.ToClient(1, symbol.range.column);
  ClientPosition end = prefix.ToClient(1, symbol.range.end_column);
  start.line = end.line = symbol.range.line - 1;
  return lsp_json::ToJson(ClientRange{start, end});
}

}  // namespace

std::vector<RequestSpec> Server::WorkspaceRequests() {
  RequestSpec symbols;
  symbols.method = "workspace/symbol";
  symbols.reads = Reads::kServer;
  symbols.offer = [](const json&) { return json{{"workspaceSymbolProvider", true}}; };
  symbols.serve = [this](const json&, const json& params) {
    return WorkspaceSymbolRequest(params);
  };
  return {std::move(symbols)};
}

void Server::InitializeWorkspace(const json& capabilities) {
  progress_supported_ = IsTrueAt(capabilities, "/window/workDoneProgress");
  watch_registration_ =
      IsTrueAt(capabilities, "/workspace/didChangeWatchedFiles/dynamicRegistration");
}

void Server::StartIndex() {
  IndexEvents events;
  events.post = [this](std::function<void()> callback) {
    boost::asio::post(io_, std::move(callback));
  };
  events.begin = [this] { IndexBegan(); };
  events.report = [this](size_t done, size_t files) {
    index_progress_.done = done;
    index_progress_.files = files;
    if (!index_progress_.begun) return;
    SendProgress({{"kind", "report"},
                  {"message", std::to_string(done) + "/" + std::to_string(files) + " files"},
                  {"percentage", files == 0 ? 100 : done * 100 / files}});
  };
  events.end = [this](size_t tvmscript_files, size_t symbols, size_t skipped, bool finished) {
    IndexEnded(tvmscript_files, symbols, skipped, finished);
  };
  index_ = std::make_unique<WorkspaceIndex>(std::move(events));
  index_->IndexFolders(workspace_folders_);
  if (watch_registration_) {
    json watcher = {{"globPattern", "**/*.py"}};
    SendRequest("client/registerCapability",
                {{"registrations",
                  {{{"id", "tvm-lsp-watch-python"},
                    {"method", "workspace/didChangeWatchedFiles"},
                    {"registerOptions", {{"watchers", {watcher}}}}}}}},
                [](const json&) {});
  }
}

void Server::ReindexWorkspace() {
  if (index_) index_->IndexFolders(workspace_folders_);
}

void Server::StopIndex() {
  if (index_) index_->Stop();
}

void Server::IndexFile(const std::string& uri) {
  std::optional<std::string> path = FilePathOfUri(uri);
  if (!index_ || !path) return;
  if (index_->Covers(*path)) index_->Refresh(*path);
}

void Server::DidChangeWatchedFiles(const json& params) {
  const json& changes = lsp_json::Array(params, "changes", "params");
  for (size_t k = 0; k < changes.size(); ++k) {
    std::string where = "params.changes[" + std::to_string(k) + "]";
    if (!changes[k].is_object()) {
      throw rpc::Error(rpc::kInvalidParams,
                       where + ": expected an object, got " + lsp_json::KindName(changes[k]));
    }
    IndexFile(lsp_json::String(changes[k], "uri", where));
  }
}

void Server::IndexBegan() {
  index_progress_ = IndexProgress{};
  index_progress_.running = true;
  index_progress_.started = std::chrono::steady_clock::now();
  if (!progress_supported_) return;
  std::string token = "tvm-lsp/index/" + std::to_string(next_progress_token_++);
  index_progress_.token = token;
  SendRequest("window/workDoneProgress/create", {{"token", token}},
              [this, token](const json& reply) {
                if (reply.contains("error") || index_progress_.token != token) {
                  return;  // refused, or another walk has begun: no progress for this one
                }
                index_progress_.begun = true;
                size_t files = index_progress_.files;
                SendProgress({{"kind", "begin"},
                              {"title", "Indexing TVMScript"},
                              {"cancellable", false},
                              {"message", std::to_string(index_progress_.done) + "/" +
                                              std::to_string(files) + " files"},
                              {"percentage", files == 0 ? 0 : index_progress_.done * 100 / files}});
                if (!index_progress_.running) {  // the walk was over before the client answered
                  SendProgress({{"kind", "end"}, {"message", index_progress_.summary}});
                  index_progress_.begun = false;
                }
              });
}

void Server::IndexEnded(size_t tvmscript_files, size_t symbols, size_t skipped, bool finished) {
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - index_progress_.started)
          .count();
  char took[32];
  std::snprintf(took, sizeof(took), "%.2f", seconds);
  std::string summary = std::to_string(tvmscript_files) + " files with TVMScript, " +
                        std::to_string(symbols) + " symbols";
  if (skipped != 0) summary += ", " + std::to_string(skipped) + " files skipped";
  Log(kLogInfo, "tvm-lsp: workspace index: " + summary + " (" +
                    std::to_string(index_progress_.files) + " files walked in " + took + " s)" +
                    (finished ? "" : "; stopped"));
  index_progress_.summary = finished ? summary : "stopped";
  if (index_progress_.begun) SendProgress({{"kind", "end"}, {"message", index_progress_.summary}});
  index_progress_.running = false;
  index_progress_.begun = false;
}

void Server::SendProgress(json value) {
  Notify("$/progress", {{"token", index_progress_.token}, {"value", std::move(value)}});
}

std::optional<json> Server::WorkspaceSymbolRequest(const json& params) {
  std::string query = lsp_json::String(params, "query", "params");
  // Step 1: the open documents' own symbols, which override their files' index entries.
  std::vector<std::pair<std::string, features::WorkspaceSymbol>> symbols;
  std::set<std::string> open_paths;
  for (const auto& [uri, document] : documents_) {
    if (std::optional<std::string> path = FilePathOfUri(uri)) open_paths.insert(*path);
    if (!document.analysed) continue;
    bool current = document.analysis && document.analysis_version == document.version;
    for (features::WorkspaceSymbol& symbol :
         current ? features::AnalysedSymbols(document.text, *document.analysis)
                 : features::ScanSymbols(document.text, {DecoratorCheckOf(document.text)})) {
      symbols.emplace_back(uri, std::move(symbol));
    }
  }
  // Step 2: the index's best (the best of the union are among the best of each part).
  if (index_) {
    for (auto& [path, symbol] : index_->Search(query, open_paths, kWorkspaceSymbolLimit)) {
      symbols.emplace_back(UriOfPath(path), std::move(symbol));
    }
  }
  std::vector<const features::WorkspaceSymbol*> candidates;
  for (const auto& entry : symbols) candidates.push_back(&entry.second);
  json answer = json::array();
  for (size_t k : features::RankSymbols(candidates, query, kWorkspaceSymbolLimit)) {
    const auto& [uri, symbol] = symbols[k];
    json item = {{"name", symbol.name},
                 {"kind", WorkspaceSymbolKind(symbol.kind)},
                 {"location", {{"uri", uri}, {"range", SymbolRange(symbol, encoding_)}}}};
    if (!symbol.container.empty()) item["containerName"] = symbol.container;
    answer.push_back(std::move(item));
  }
  return answer;
}

}  // namespace lsp
}  // namespace tvm
