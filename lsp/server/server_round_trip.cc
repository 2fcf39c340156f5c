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
  document->round_trip.pending = version;
  // In the slow lane, a step of kRoundTripStep at a time: an edit's analysis and the queries
  // go between the steps.
  runner_->RunSlow(uri, [this, uri, version, analysed = false](WorkerClient& client) mutable {
    // Only reasons and mismatch warnings are read: no text is written, so no confirmation.
    script::bridge::FormatQuery migrate{true, kRoundTripStep};
    FormatOutcome outcome = client.UnconfirmedVerdicts(uri, migrate);
    if (outcome.version == version && outcome.status == QueryStatus::kStale && !analysed) {
      analysed = true;  // not analysed at this version: first that
      AnalysisOutcome analysis = client.Analyze(uri);
      runner_->PostBack([this, analysis] { Publish(analysis); });
      return true;
    }
    if (outcome.version == version && outcome.status == QueryStatus::kDone && !outcome.complete) {
      return true;  // the next step goes on where this one stopped
    }
    runner_->PostBack([this, uri, version, outcome] { TakeRoundTrip(uri, version, outcome); });
    return false;
  });
}

void Server::TakeRoundTrip(const std::string& uri, int64_t version, const FormatOutcome& outcome) {
  Document* document = Find(uri);
  if (document == nullptr) return;  // closed meanwhile
  RoundTripState& state = document->round_trip;
  // Nothing awaited for this version: reset since (the trust changed, or it stopped being
  // TVMScript), or a later save's check is the one awaited.
  if (state.pending != version) return;
  state.pending = -1;
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
      Deliver(document, version, WithRoundTrip(document, version, state.analysis));
      RefreshPulledDiagnostics();
    }
  }
  AnswerPulls(document);
}

void Server::ClearRoundTrip(Document* document) {
  RoundTripState& state = document->round_trip;
  if (state.version < 0) return;
  bool shown = state.version == state.analysis_version && !state.warnings.empty();
  state.warnings = json::array();
  state.version = -1;
  state.pending = -1;
  if (shown) Deliver(document, state.analysis_version, state.analysis);
}

json Server::WithRoundTrip(Document* document, int64_t version, json diagnostics) {
  RoundTripState& state = document->round_trip;
  state.analysis = diagnostics;
  state.analysis_version = version;
  if (state.version == version) {
    for (const json& warning : state.warnings) diagnostics.push_back(warning);
  }
  return diagnostics;
}

}  // namespace lsp
}  // namespace tvm
