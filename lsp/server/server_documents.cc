/*!
 * \file server_documents.cc
 * \brief Document sync (didOpen, didChange with whole texts or range edits, didClose) and the
 *  diagnostics pushed for analysed documents, debounced, with stale results dropped.
 */
#include <tvm/lsp/lines.h>
#include <tvm/lsp/text_change.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "features/features.h"
#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace asio = boost::asio;

Document* Server::Find(const std::string& uri) {
  auto it = documents_.find(uri);
  return it == documents_.end() ? nullptr : &it->second;
}

void Server::DidOpen(const json& params) {
  const json& item = lsp_json::Object(params, "textDocument", "params");
  Document document;
  document.uri = lsp_json::String(item, "uri", "params.textDocument");
  document.language_id = lsp_json::String(item, "languageId", "params.textDocument");
  document.version = lsp_json::Integer(item, "version", "params.textDocument");
  document.text = lsp_json::String(item, "text", "params.textDocument");
  bool was_analysed = false;
  if (Document* open = Find(document.uri)) {
    // Opened twice: the new text wins; what the client was given stays.
    was_analysed = open->analysed;
    document.published_version = open->published_version;
    document.debounce = std::move(open->debounce);
    document.times = std::move(open->times);
    document.round_trip = std::move(open->round_trip);
    document.views = std::move(open->views);
  }
  Document& stored = documents_[document.uri] = std::move(document);
  stored.analysed = IsAnalysed(stored);
  Configure(&stored);  // its settings and trust (server_settings.cc)
  if (was_analysed && stored.analysed) {
    runner_->client(stored.uri).Change(stored.uri, stored.version, stored.text);
    ScheduleAnalysis(stored.uri, std::chrono::milliseconds(0));
    return;
  }
  SyncAnalysed(&stored, was_analysed);
}

std::string Server::ApplyContentChanges(std::string text, const json& changes,
                                        const std::string& where, std::vector<TextChange>* edits) {
  // Each change is read against the text the previous one left, as LSP says; all are checked
  // before any is applied, so a malformed one changes nothing.
  for (size_t k = 0; k < changes.size(); ++k) {
    std::string path = where + "[" + std::to_string(k) + "]";
    if (!changes[k].is_object()) {
      throw rpc::Error(rpc::kInvalidParams,
                       path + ": expected an object, got " + lsp_json::KindName(changes[k]));
    }
    TextChange edit;
    edit.text = lsp_json::String(changes[k], "text", path);
    if (changes[k].contains("range") && !changes[k]["range"].is_null()) {
      ClientRange range = lsp_json::Range(changes[k], "range", path);
      edit.range = LineIndex(text, encoding_).FromClient(range);
    }
    text = ApplyTextChanges(std::move(text), {edit});
    edits->push_back(std::move(edit));
  }
  return text;
}

void Server::DidChange(const json& params) {
  const json& item = lsp_json::Object(params, "textDocument", "params");
  std::string uri = lsp_json::String(item, "uri", "params.textDocument");
  int64_t version = lsp_json::Integer(item, "version", "params.textDocument");
  const json& changes = lsp_json::Array(params, "contentChanges", "params");
  Document* document = Find(uri);
  if (document == nullptr) throw rpc::Error(rpc::kInvalidParams, uri + " is not open");
  std::vector<TextChange> edits;
  std::string text = ApplyContentChanges(document->text, changes, "params.contentChanges", &edits);
  bool was_analysed = document->analysed;
  document->text = std::move(text);
  document->readings = TextReadings();
  document->version = version;
  for (const TextChange& edit : edits) document->since_analysis.Add(edit);
  document->analysed = IsAnalysed(*document);
  if (was_analysed && document->analysed) {
    document->times.RecordChange(std::chrono::steady_clock::now());
    runner_->client(uri).Edit(uri, version, edits);
    // With diagnostics on save, the text only goes to the worker (queries read it).
    if (document->settings.diagnostics_on == DiagnosticsOn::kType) ScheduleAnalysis(uri);
    return;
  }
  SyncAnalysed(document, was_analysed);
}

void Server::DidClose(const json& params) {
  const json& item = lsp_json::Object(params, "textDocument", "params");
  std::string uri = lsp_json::String(item, "uri", "params.textDocument");
  Document* document = Find(uri);
  if (document == nullptr) return;
  if (document->analysed) runner_->client(uri).Close(uri);
  PublishEmpty(document);
  for (auto& [view_uri, view] : document->views) ClosePulls(&view);
  documents_.erase(uri);  // with all the server kept for it
  runner_->ForgetDocument(uri);
}

void Server::DidSave(const json& params) {
  const json& item = lsp_json::Object(params, "textDocument", "params");
  std::string uri = lsp_json::String(item, "uri", "params.textDocument");
  if (uri.size() >= 15 && uri.compare(uri.size() - 15, 15, "/pyproject.toml") == 0) {
    RefreshSettings();  // its [tool.tvm-lsp] table may have changed
  }
  IndexFile(uri);  // the workspace index reads the saved file again
  Document* document = Find(uri);
  if (document == nullptr || !document->analysed) return;
  if (document->settings.diagnostics_on == DiagnosticsOn::kSave ||
      document->published_version != document->version) {
    ScheduleAnalysis(uri, std::chrono::milliseconds(0));
  }
  CheckRoundTripOnSave(document);  // server_round_trip.cc
}

void Server::SyncAnalysed(Document* document, bool was_analysed) {
  if (document->analysed) {
    runner_->client(document->uri).Open(document->uri, document->version, document->text);
    AnalyseFirstScreen(document->uri);
  } else if (was_analysed) {
    // No longer TVMScript: the worker forgets it, and its diagnostics go.
    runner_->client(document->uri).Close(document->uri);
    document->debounce.reset();
    PublishEmpty(document);
  }
}

void Server::ScheduleAnalysis(const std::string& uri,
                              std::optional<std::chrono::milliseconds> delay) {
  if (analysis_stopped_) return;
  Document* document = Find(uri);
  if (document == nullptr) return;
  std::unique_ptr<asio::steady_timer>& timer = document->debounce;
  if (!timer) timer = std::make_unique<asio::steady_timer>(io_);
  timer->expires_after(delay ? *delay : DebounceOf(*document));  // cancels a wait in progress
  timer->async_wait([this, uri](const boost::system::error_code& error) {
    if (error || exiting_) return;
    bool queued = runner_->Analyze(uri, [this](AnalysisOutcome outcome) {
      AnalysisEnded(outcome);
      Publish(outcome);
    });
    if (queued) AnalysisStarted();
  });
}

void Server::AnalyseFirstScreen(const std::string& uri) {
  Document* document = Find(uri);
  if (document == nullptr || analysis_stopped_) return;
  bool large = LineCount(document->text) > 2 * kFirstScreenLines + 1;
  if (!large || document->analysis_version >= 0) {
    ScheduleAnalysis(uri, std::chrono::milliseconds(0));
    return;
  }
  if (document->debounce) document->debounce->cancel();  // this analysis comes first
  // Queued after the messages read with the open: a request among them about other lines (the
  // editor asks for the semantic tokens or inlay hints of what it shows) moves the first
  // screen there first (LookingAt).
  document->first_screen = std::make_pair(int64_t{1}, kFirstScreenLines);
  asio::post(io_, [this, uri] { StartFirstScreen(uri); });
}

void Server::StartFirstScreen(const std::string& uri) {
  Document* document = Find(uri);
  if (document == nullptr || !document->first_screen || exiting_) return;
  std::pair<int64_t, int64_t> lines = *document->first_screen;
  document->first_screen.reset();
  bool queued = runner_->Analyze(
      uri,
      [this](AnalysisOutcome outcome) {
        AnalysisEnded(outcome);
        Publish(outcome, /*whole=*/false);
        ScheduleAnalysis(outcome.uri, std::chrono::milliseconds(0));  // the rest of the file
      },
      lines);
  if (queued) AnalysisStarted();
}

void Server::LookingAt(Document* document, const DocumentMap& lines, const json& params,
                       const std::optional<ClientPosition>& position) {
  std::optional<ClientPosition> start = position, end = position;
  auto range = params.find("range");
  if (range != params.end() && range->is_object()) {
    try {
      ClientRange asked = lsp_json::Range(params, "range", "params");
      start = asked.start;
      end = asked.end;
    } catch (const rpc::Error&) {
      return;  // the request itself says what is wrong with it
    }
  }
  if (!start) return;
  int64_t first = lines.FromClient(*start).first;
  int64_t last = std::max(first, lines.FromClient(*end).first);
  int64_t middle = first + (last - first) / 2;
  int64_t half = std::max(kFirstScreenLines, last - first + 1) / 2;
  document->first_screen = std::make_pair(std::max<int64_t>(1, middle - half), middle + half);
  StartFirstScreen(document->uri);  // before the request's own wait for the whole analysis
}

void Server::CancelDebounces() {
  for (auto& [uri, document] : documents_) {
    if (document.debounce) document.debounce->cancel();
  }
}

void Server::CountCrashes(const AnalysisOutcome& outcome) {
  auto now = std::chrono::steady_clock::now();
  for (const script::bridge::Diagnostic& diagnostic : outcome.result.diagnostics) {
    if (diagnostic.code == "worker-crashed") crashes_.push_back(now);
  }
  while (!crashes_.empty() && now - crashes_.front() > kCrashWindow) crashes_.pop_front();
  if (analysis_stopped_ || crashes_.size() < kMaxCrashes) return;
  analysis_stopped_ = true;
  CancelDebounces();
  std::string message = "tvm-lsp: the analysis worker crashed " + std::to_string(kMaxCrashes) +
                        " times within 3 minutes, so analysis has stopped; restart the server "
                        "to analyse again";
  Log(1, message);
  Notify("window/showMessage", {{"type", 1}, {"message", message}});
}

void Server::Publish(const AnalysisOutcome& outcome, bool whole) {
  if (exiting_) return;
  CountCrashes(outcome);
  if (outcome.restarts > 0) {
    Log(2, "tvm-lsp: the analysis worker was restarted " + std::to_string(outcome.restarts) +
               (outcome.restarts == 1 ? " time" : " times") + " while it analysed " + outcome.uri);
  }
  Document* document = Find(outcome.uri);
  // Stale: closed, no longer TVMScript, or changed since (its own analysis is on its way).
  if (document == nullptr || !document->analysed || document->version != outcome.version ||
      outcome.status == AnalysisOutcome::Status::kCancelled) {
    return;
  }
  if (outcome.status == AnalysisOutcome::Status::kDone && whole) {
    document->analysis = std::make_shared<const script::bridge::ParseResult>(outcome.result);
    document->index = outcome.index;
    document->analysis_version = outcome.version;
    document->since_analysis.Clear();
  }
  LineIndex lines = Lines(*document);
  json diagnostics = json::array();
  for (const script::bridge::Diagnostic& diagnostic :
       features::Diagnostics(outcome, document->text)) {
    diagnostics.push_back(lsp_json::ToJson(diagnostic, lines, document->uri));
  }
  document->published_version = document->version;
  Deliver(document, document->version,
          WithRoundTrip(document, document->version, std::move(diagnostics)));
}

void Server::PublishEmpty(Document* document) {
  document->round_trip = RoundTripState();
  if (document->published_version < 0) return;
  document->published_version = -1;
  Deliver(document, document->version, json::array());
}

}  // namespace lsp
}  // namespace tvm
