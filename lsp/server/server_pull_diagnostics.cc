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
  KeepPulled(document, &document->views[document->uri], version, std::move(diagnostics));
}

void Server::KeepPulled(Document* document, ClientView* view, int64_t version, json diagnostics) {
  if (view->pulled_result_id.empty() || view->pulled != diagnostics) {
    view->pulled = std::move(diagnostics);
    view->pulled_result_id = std::to_string(next_result_id_++);
  }
  view->pulled_version = version;
  AnswerPulls(document);
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
  Document* document = Resolve(uri);  // a cell: its notebook's, its own view
  if (document == nullptr) throw rpc::Error(rpc::kInvalidParams, uri + " is not open");
  document->views[uri].waiting_pulls.emplace_back(id, previous);
  AnswerPulls(document);
  return std::nullopt;
}

void Server::AnswerPulls(Document* document) {
  if (document->analysed && !analysis_stopped_ &&
      document->round_trip.pending == document->version) {
    return;  // the saved version's round-trip check is on the way (server_round_trip.cc)
  }
  for (auto& [uri, view] : document->views) {
    if (view.waiting_pulls.empty()) continue;
    json report;
    if (!document->analysed) {
      // Not TVMScript (a markdown cell too): nothing to report (a full, empty report).
      report = {{"kind", "full"}, {"items", json::array()}};
      if (!view.pulled_result_id.empty()) report["resultId"] = view.pulled_result_id;
    } else if (view.pulled_version >= 0 &&
               (view.pulled_version == document->version || analysis_stopped_ ||
                document->settings.diagnostics_on == DiagnosticsOn::kSave)) {
      report = {{"kind", "full"}, {"resultId", view.pulled_result_id}, {"items", view.pulled}};
    } else if (analysis_stopped_) {
      report = {{"kind", "full"}, {"items", json::array()}};
    } else {
      continue;  // its analysis is on the way; Deliver answers
    }
    AnswerPullsWith(&view, report);
  }
}

void Server::AnswerPullsWith(ClientView* view, const json& report) {
  std::vector<std::pair<json, std::string>> pulls = std::move(view->waiting_pulls);
  view->waiting_pulls.clear();
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
