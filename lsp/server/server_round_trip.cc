/*!
 * \file server_round_trip.cc
 * \brief The on-save round-trip check (issue 11, item 5): after `didSave`, when
 *  `tvmscript.roundTrip.onSave` is on, the worker of the document's trust gives its verdicts
 *  (those of `tvmscript.checkRoundTrip`: the migration's, so Apache TVM's spelling is checked
 *  too) and each `round-trip-mismatch` warning they carry is delivered with the diagnostics of
 *  the saved version, pushed or pulled like them. The warnings stay with that version: a
 *  later analysis of another text delivers without them, the next save's check replaces them,
 *  turning the setting off drops them.
 */
#include "features/features.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

void Server::CheckRoundTripOnSave(Document* document) {
  if (!document->settings.round_trip_on_save || analysis_stopped_) return;
  std::string uri = document->uri;
  int64_t version = document->version;
  round_trip_[uri].pending = version;
  runner_->Run(uri, [this, uri, version](WorkerClient& client) {
    // Only reasons and mismatch warnings are read: no text is written, so no confirmation.
    script::bridge::FormatQuery migrate{true};
    FormatOutcome outcome = client.UnconfirmedVerdicts(uri, migrate);
    if (outcome.status == QueryStatus::kStale) {  // not analysed at this version: first that
      AnalysisOutcome analysis = client.Analyze(uri);
      runner_->PostBack([this, analysis] { Publish(analysis); });
      outcome = client.UnconfirmedVerdicts(uri, migrate);
    }
    runner_->PostBack([this, uri, version, outcome] { TakeRoundTrip(uri, version, outcome); });
  });
}

void Server::TakeRoundTrip(const std::string& uri, int64_t version, const FormatOutcome& outcome) {
  Document* document = Find(uri);
  auto found = round_trip_.find(uri);
  if (document == nullptr || found == round_trip_.end()) return;  // closed meanwhile
  RoundTripState& state = found->second;
  if (state.pending == version) state.pending = -1;
  // Only for the text saved: a change since (or a failed query) leaves the warnings as they
  // were, and that change's own analysis delivers without them.
  if (document->analysed && document->version == version && outcome.version == version &&
      outcome.status == QueryStatus::kDone && document->settings.round_trip_on_save) {
    LineIndex lines = Lines(*document);
    json warnings = json::array();
    for (const script::bridge::Diagnostic& warning :
         features::RoundTripDiagnostics(outcome.definitions, document->text)) {
      warnings.push_back(lsp_json::ToJson(warning, lines, uri));
    }
    // Delivered again only when what the client holds for that version changes.
    json shown = state.version == state.analysis_version ? state.warnings : json::array();
    bool changed = state.analysis_version == version && warnings != shown;
    state.warnings = std::move(warnings);
    state.version = version;
    if (changed) {
      Deliver(document, version, WithRoundTrip(uri, version, state.analysis));
      RefreshPulledDiagnostics();
    }
  }
  AnswerPulls(uri);
}

void Server::ClearRoundTrip(Document* document) {
  auto found = round_trip_.find(document->uri);
  if (found == round_trip_.end() || found->second.version < 0) return;
  RoundTripState& state = found->second;
  bool shown = state.version == state.analysis_version && !state.warnings.empty();
  state.warnings = json::array();
  state.version = -1;
  state.pending = -1;
  if (shown) Deliver(document, state.analysis_version, state.analysis);
}

json Server::WithRoundTrip(const std::string& uri, int64_t version, json diagnostics) {
  RoundTripState& state = round_trip_[uri];
  state.analysis = diagnostics;
  state.analysis_version = version;
  if (state.version == version) {
    for (const json& warning : state.warnings) diagnostics.push_back(warning);
  }
  return diagnostics;
}

bool Server::RoundTripPending(const std::string& uri, int64_t version) const {
  auto found = round_trip_.find(uri);
  return found != round_trip_.end() && found->second.pending == version;
}

}  // namespace lsp
}  // namespace tvm
