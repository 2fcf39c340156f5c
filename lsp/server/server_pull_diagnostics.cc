/*!
 * \file server_pull_diagnostics.cc
 * \brief Pull diagnostics (`textDocument/diagnostic`, LSP 3.17) for clients that declare
 *  `textDocument.diagnostic`; those never get `publishDiagnostics`. The diagnostics of each
 *  analysis are kept per document with a result id; a pull is answered when the document's
 *  current version has been analysed (at once with diagnostics on save), `unchanged` when the
 *  client already holds that result id.
 */
#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

void Server::Deliver(Document* document, int64_t version, json diagnostics) {
  // A notebook: to its cells (server_notebooks.cc).
  if (DeliverToCells(document->uri, version, diagnostics)) return;
  if (!pull_diagnostics_) {
    Notify("textDocument/publishDiagnostics",
           {{"uri", document->uri}, {"version", version}, {"diagnostics", std::move(diagnostics)}});
    return;
  }
  KeepPulled(document->uri, version, std::move(diagnostics));
}

void Server::KeepPulled(const std::string& uri, int64_t version, json diagnostics) {
  Pulled& kept = pulled_[uri];
  if (kept.result_id.empty() || kept.items != diagnostics) {
    kept.items = std::move(diagnostics);
    kept.result_id = std::to_string(next_result_id_++);
  }
  kept.version = version;
  AnswerPulls(uri);
}

std::optional<json> Server::DiagnosticRequest(const json& id, const json& params) {
  if (!pull_diagnostics_) {
    // Not offered to this client, whose diagnostics are pushed: a pull would wait on a Deliver
    // that never answers it (found by the server fuzz).
    throw rpc::Error(rpc::kMethodNotFound,
                     "textDocument/diagnostic is not offered: the client did not declare "
                     "textDocument.diagnostic, so diagnostics are pushed");
  }
  const json& item = lsp_json::Object(params, "textDocument", "params");
  std::string uri = lsp_json::String(item, "uri", "params.textDocument");
  std::string previous =
      lsp_json::OptionalString(params, "previousResultId", "params").value_or(std::string());
  if (Resolve(uri) == nullptr) throw rpc::Error(rpc::kInvalidParams, uri + " is not open");
  waiting_pulls_[uri].emplace_back(id, previous);
  AnswerPulls(uri);
  return std::nullopt;
}

void Server::AnswerPulls(const std::string& uri) {
  auto waiting = waiting_pulls_.find(uri);
  if (waiting == waiting_pulls_.end()) return;
  const Document* document = Resolve(uri);  // a cell: its notebook's, its own items
  if (document != nullptr && document->analysed && !analysis_stopped_ &&
      RoundTripPending(uri, document->version)) {
    return;  // the saved version's round-trip check is on the way (server_round_trip.cc)
  }
  auto kept = pulled_.find(uri);
  json report;
  if (document == nullptr || !document->analysed) {
    // Closed, or not TVMScript: nothing to report (a full, empty report).
    report = {{"kind", "full"}, {"items", json::array()}};
    if (kept != pulled_.end()) report["resultId"] = kept->second.result_id;
  } else if (kept != pulled_.end() && kept->second.version >= 0 &&
             (kept->second.version == document->version || analysis_stopped_ ||
              document->settings.diagnostics_on == DiagnosticsOn::kSave)) {
    report = {
        {"kind", "full"}, {"resultId", kept->second.result_id}, {"items", kept->second.items}};
  } else if (analysis_stopped_) {
    report = {{"kind", "full"}, {"items", json::array()}};
  } else {
    return;  // its analysis is on the way; Deliver answers
  }
  std::vector<std::pair<json, std::string>> pulls = std::move(waiting->second);
  waiting_pulls_.erase(waiting);
  for (const auto& [id, previous] : pulls) {
    if (report.contains("resultId") && previous == report["resultId"]) {
      Reply(id, {{"kind", "unchanged"}, {"resultId", report["resultId"]}});
    } else {
      Reply(id, report);
    }
  }
}

}  // namespace lsp
}  // namespace tvm
