/*!
 * \file server_internal.h
 * \brief The server's state and dispatch (`Server`), shared by its files: server.cc (messages,
 *  lifecycle), server_documents.cc (document sync and diagnostics), server_requests.cc (the
 *  requests that reach the features). Only lsp/server includes this.
 *
 * Threading (STYLE.md, 6): everything here runs on the one thread of the Asio loop, which
 * owns the documents, versions and settings; the analysis runner's thread only calls the
 * worker client and posts results back.
 */
#ifndef TVM_LSP_SERVER_SERVER_INTERNAL_H_
#define TVM_LSP_SERVER_SERVER_INTERNAL_H_

#include <tvm/lsp/text_change.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis_runner.h"
#include "debounce.h"
#include "documents.h"
#include "features/features.h"
#include "notebook_map.h"
#include "positions.h"
#include "request.h"
#include "server.h"
#include "settings.h"
#include "transport.h"
#include "trust.h"
#include "workspace_index.h"

namespace tvm {
namespace lsp {

using nlohmann::json;

/*!
 * \brief The capabilities of document and notebook sync, for `initialize`
 *  (server_settings.cc): `textDocumentSync` (with `save`), `notebookDocumentSync`.
 */
json SettingsCapabilities(const json& client_capabilities);

/*! \brief A notebook's cells and their texts (server_notebooks.cc). */
struct NotebookCell {
  std::string uri;
  int64_t kind = 2;  // 1 markup, 2 code
};
struct Notebook {
  std::string uri;
  int64_t version = 0;  // of the document analysed for it, counted here
  std::vector<NotebookCell> cells;
  std::map<std::string, std::string> texts;  // by cell URI, for the cells open
  std::map<std::string, std::string> languages;
  std::map<std::string, std::optional<int64_t>> versions;  // of the cells' texts, as sent
  /*! \brief The analysed cells and where they are in the notebook's text (notebook_map.h). */
  NotebookLayout layout;
  /*! \brief The cells diagnostics were last pushed to (a deleted one is cleared). */
  std::set<std::string> published;
};

/*! \brief The completion list's `itemDefaults` the client takes (server_completion.cc). */
struct CompletionDefaults {
  bool edit_range = false;
  bool data = false;
};

class Server {
 public:
  Server(boost::asio::io_context& io, const ServerOptions& options, int in_fd, int out_fd);
  void Start();
  int exit_code() const { return exit_code_; }
  /*! \brief Ends the analysis thread; false when it is stuck in the worker. */
  bool StopAnalysis(std::chrono::milliseconds wait) { return runner_->Stop(wait); }
  void KillWorker() {
    runner_->untrusted_client().KillWorker();
    runner_->trusted_client().KillWorker();
  }

 private:
  enum class State { kStarting, kRunning, kShutDown };
  /*!
   * \brief A notification handler. (A request is a row of the request table, request.h:
   *  `Serve` returns its result, or none when it answers later through `Reply`, the request
   *  staying pending so that `$/cancelRequest` can answer it first; rpc::Error is an error
   *  reply, any other exception -32603.)
   */
  using NotificationHandler = std::function<void(const json& params)>;

  // Messages (server.cc).
  void OnMessage(std::string body);
  void Dispatch(json message);
  void HandleRequest(const json& id, const std::string& method, const json& params);
  void HandleNotification(const std::string& method, const json& params);
  void RegisterHandlers();

  // The request table and its chain (server_requests.cc, request.h).
  /*! \brief Fills `requests_` from every part's rows. */
  void RegisterRequests();
  /*! \brief What the rows offer, for `initialize`'s capabilities. */
  json RequestOffers(const json& client_capabilities) const;
  /*! \brief The one chain: answers `spec` for the request `id` (none: answered later). */
  std::optional<json> Serve(const RequestSpec& spec, const json& id, const json& params);
  /*! \brief `answer` on `now` at the target's position, in the request's own lines. */
  std::optional<json> AnswerOn(const RequestTarget& target, const json& params, const Document& now,
                               const script::bridge::ParseResult& analysis,
                               const RequestAnswer& answer);
  // The rows, by part: server.cc, server_hover.cc, server_formatting.cc,
  // server_navigation.cc, server_language.cc, server_completion.cc, server_actions.cc,
  // server_workspace.cc.
  std::vector<RequestSpec> LifecycleRequests();
  std::vector<RequestSpec> HoverRequests();
  std::vector<RequestSpec> FormattingRequests();
  std::vector<RequestSpec> NavigationRequests();
  std::vector<RequestSpec> LanguageRequests();
  std::vector<RequestSpec> CompletionRequests();
  std::vector<RequestSpec> ActionRequests();
  std::vector<RequestSpec> WorkspaceRequests();
  void Reply(const json& id, json result);
  /*! \brief Answers a pending request with an error (nothing when it was answered). */
  void ReplyError(const json& id, int code, const std::string& message);
  /*! \brief An error for a message that never became a pending request. */
  void SendError(const json& id, int code, const std::string& message);
  bool IsPending(const json& id) const { return pending_.count(id.dump()) != 0; }
  void Notify(const std::string& method, json params);
  void Send(const json& message);
  void Log(int type, const std::string& message);
  void Trace(const std::string& message, const json& verbose);

  // Lifecycle (server.cc).
  json Initialize(const json& params);
  void CancelRequest(const json& params);
  void Exit(int code);
  void WatchParent(int64_t pid);

  // Settings, trust and status (server_settings.cc).
  /*! \brief What `initialize` brings: capabilities, trust, workspace folders. */
  void InitializeSettings(const json& params, const json& capabilities);
  /*! \brief `initialized`: logs the trust, warms the worker up, asks for the settings. */
  void Initialized();
  void RequestConfiguration();
  void DidChangeConfiguration(const json& params);
  void DidChangeWorkspaceFolders(const json& params);
  void SetTrust(const json& params);
  /*! \brief Takes the client's `tvmscript` section (pulled or pushed). */
  void TakeClientSettings(const json& section);
  /*! \brief Every open document's settings again (a layer changed); refreshes pulls. */
  void RefreshSettings();
  /*! \brief Every open document's trust again; moves those whose trust changed. */
  void ApplyTrust();
  /*! \brief The settings of the document at `uri`: pyproject.toml's, then the client's. */
  Settings SettingsOf(const std::string& uri);
  /*! \brief Whether `uri` is analysed trusted: the session is, or the user's folders say so. */
  bool TrustOf(const std::string& uri) const;
  /*! \brief Sets the document's trust and settings (didOpen). */
  void Configure(Document* document);
  /*! \brief How long to wait before analysing `uri`. */
  std::chrono::milliseconds DebounceOf(const Document& document) const;
  /*! \brief Logs each warning once per session. */
  void Warn(const std::vector<std::string>& warnings);
  /*! \brief `tvmscript/status`, sent when the state or the trust changed. */
  void UpdateStatus();
  void AnalysisStarted() {
    ++analyses_running_;
    UpdateStatus();
  }
  void AnalysisEnded(const AnalysisOutcome& outcome);
  /*! \brief A request to the client; `done` gets its reply message (result or error). */
  void SendRequest(const std::string& method, json params, std::function<void(const json&)> done);
  /*! \brief A reply from the client, to a request of `SendRequest`. */
  void OnReply(const json& id, const json& message);
  /*! \brief `workspace/diagnostic/refresh`, when the client pulls and supports it. */
  void RefreshPulledDiagnostics();

  // Pull diagnostics (server_pull_diagnostics.cc).
  std::optional<json> DiagnosticRequest(const json& id, const json& params);
  /*! \brief The diagnostics of `document` at `version`: pushed, or kept for pulls. */
  void Deliver(Document* document, int64_t version, json diagnostics);
  /*! \brief Keeps `diagnostics` of `view` (of `document`) at `version` for pulls (a new result
   *  id when they changed), and answers the pulls waiting on them. */
  void KeepPulled(Document* document, ClientView* view, int64_t version, json diagnostics);
  /*! \brief Answers the pulls waiting on `document`'s views that their kept diagnostics can
   *  answer. */
  void AnswerPulls(Document* document);
  /*! \brief Answers every pull waiting on `view` with `report` (`unchanged` when the pull
   *  already holds its result id). */
  void AnswerPullsWith(ClientView* view, const json& report);
  /*! \brief The document is closing (or a cell went): every pull waiting on `view` gets an
   *  empty report. */
  void ClosePulls(ClientView* view) {
    AnswerPullsWith(view, {{"kind", "full"}, {"items", json::array()}});
  }

  // Notebooks (server_notebooks.cc): each is analysed as one document, its code cells in
  // order, under the notebook's URI; diagnostics go back to the cells.
  void NotebookDidOpen(const json& params);
  void NotebookDidChange(const json& params);
  void NotebookDidClose(const json& params);
  /*! \brief As `didSave` of the notebook's document (diagnostics on save analyse it then). */
  void NotebookDidSave(const json& params);
  /*! \brief The notebook's text, sent as its document's new version. */
  void SyncNotebook(Notebook* notebook);
  /*!
   * \brief Delivers `diagnostics` of a notebook's document (at `version`) to its cells, pushed
   *  or kept for pulls; false for other documents.
   */
  bool DeliverToCells(const std::string& uri, int64_t version, const json& diagnostics);
  /*! \brief What `initialize` says that notebooks use (`workspace.workspaceEdit`). */
  void InitializeNotebooks(const json& capabilities);
  /*!
   * \brief The document a request on `uri` is answered from: the open text document, or for a
   *  cell of an open notebook its notebook's document; a cell that is not analysed (markdown,
   *  another language) gets a document that is not analysed. Null when `uri` is neither (a
   *  notebook's own URI too): "not open".
   */
  Document* Resolve(const std::string& uri);
  /*! \brief The positions of a request on `uri` answered from `document` (Resolve's). */
  DocumentMap MapOf(const std::string& uri, const Document& document) const;

  // Documents (server_documents.cc).
  /*! \brief `text` after LSP content changes (`where` names them in errors). */
  std::string ApplyContentChanges(std::string text, const json& changes, const std::string& where,
                                  std::vector<TextChange>* edits);
  void DidOpen(const json& params);
  void DidSave(const json& params);
  void DidChange(const json& params);
  void DidClose(const json& params);
  /*! \brief Brings the worker's view of `document` in line with whether it is analysed. */
  void SyncAnalysed(Document* document, bool was_analysed);
  /*! \brief Analyses `uri` after `delay`, or after its debounce (`DebounceOf`) when none. */
  void ScheduleAnalysis(const std::string& uri,
                        std::optional<std::chrono::milliseconds> delay = std::nullopt);
  /*!
   * \brief Delivers an analysis's diagnostics; a whole analysis also becomes the document's
   *  (navigation reads it), a first screen's only shows its diagnostics.
   */
  void Publish(const AnalysisOutcome& outcome, bool whole = true);
  /*!
   * \brief A large document never analysed: its first screen's definitions are analysed and
   *  published first, then the whole file (issue 24: what the user sees first comes first).
   */
  void AnalyseFirstScreen(const std::string& uri);
  /*!
   * \brief A request about `params`' range (or `position`) of a document whose first screen
   *  is not queued yet: its first screen becomes those lines (at least kFirstScreenLines), and
   *  is queued now, ahead of the request.
   */
  void LookingAt(Document* document, const DocumentMap& lines, const json& params,
                 const std::optional<ClientPosition>& position);
  /*! \brief Queues the analysis of the document's pending first screen (none: nothing). */
  void StartFirstScreen(const std::string& uri);
  /*! \brief The lines analysed first after an open (a tall editor window's worth). */
  static constexpr int64_t kFirstScreenLines = 100;
  /*! \brief Stops every document's debounce wait (exit, or analysis stopped). */
  void CancelDebounces();
  /*! \brief Counts the crashes an analysis met; past the limit, analysis stops (and says so). */
  void CountCrashes(const AnalysisOutcome& outcome);
  void PublishEmpty(Document* document);
  Document* Find(const std::string& uri);
  LineIndex Lines(const Document& document) const {
    return LineIndex(document.text, encoding_, LineStartsOf(document));
  }

  /*! \brief Throws -32603 once analysis has stopped (CountCrashes). */
  void RefuseWhenStopped() const;
  /*!
   * \brief The document a worker's answer may be given on: none, after an error reply, when it
   *  changed since the request (-32801, "the document changed while <what>") or the worker
   *  failed (-32603). `answered_version` is none when the worker cancelled the analysis (the
   *  document moved on); any integer, -1 too, is a version a client may have sent.
   */
  Document* Answerable(const json& id, const std::string& uri, int64_t version,
                       std::optional<int64_t> answered_version, QueryStatus status,
                       const std::string& failure, const char* what);

  // Code actions and commands (server_actions.cc).
  static json RoundTripJson(const std::vector<const script::bridge::FormatVerdict*>& verdicts,
                            const DocumentMap& lines, const std::string& file_name);

  // The on-save round-trip check (server_round_trip.cc).
  /*! \brief How long one step of the on-save round-trip check judges verdicts. */
  static constexpr std::chrono::milliseconds kRoundTripStep{50};
  /*! \brief didSave: checks the saved version's round trip, when its setting is on. */
  void CheckRoundTripOnSave(Document* document);
  /*! \brief The check of the saved `version`, on the loop: its warnings delivered. */
  void TakeRoundTrip(const std::string& uri, int64_t version, const FormatOutcome& outcome);
  /*! \brief Drops the document's round-trip warnings (the setting turned off), re-delivering. */
  void ClearRoundTrip(Document* document);
  /*! \brief `diagnostics` of an analysis of `version`, kept, plus the round-trip warnings of
   *  that version when it is the saved one checked (what Publish delivers). */
  json WithRoundTrip(Document* document, int64_t version, json diagnostics);

  // Completion and signature help (server_completion.cc).
  /*! \brief Asks the worker for the namespace catalog once (kept in `catalog_`). */
  void FetchCatalog();
  /*! \brief What completion, signature help and member hovers read (asks for the catalog). */
  features::CompletionInput CompletionInputOf(const RequestView& view);

  // Workspace symbols and the workspace index (server_workspace.cc).
  /*! \brief Reads the client's `window.workDoneProgress` and watcher registration support. */
  void InitializeWorkspace(const json& capabilities);
  /*! \brief `initialized`: starts indexing the workspace folders; registers the file watcher. */
  void StartIndex();
  /*! \brief The workspace folders changed: walks them again. */
  void ReindexWorkspace();
  /*! \brief Shutdown or exit: the walk stops at its next file. */
  void StopIndex();
  /*! \brief Reads the file at `uri` again when it lies in a workspace folder (didSave). */
  void IndexFile(const std::string& uri);
  void DidChangeWatchedFiles(const json& params);
  void IndexBegan();
  void IndexEnded(size_t tvmscript_files, size_t symbols, size_t skipped, bool finished);
  void SendProgress(json value);
  std::optional<json> WorkspaceSymbolRequest(const json& params);

  boost::asio::io_context& io_;
  ServerOptions options_;
  StdioTransport transport_;
  std::unique_ptr<AnalysisRunner> runner_;
  std::map<std::string, RequestSpec> requests_;
  /*! \brief The commands of `workspace/executeCommand`, rows of their own (server_actions.cc). */
  std::map<std::string, RequestSpec> commands_;
  std::map<std::string, NotificationHandler> notifications_;
  std::map<std::string, json> pending_;  // requests answered later, by id.dump()
  State state_ = State::kStarting;
  bool exiting_ = false;
  int exit_code_ = 1;
  PositionEncoding encoding_ = PositionEncoding::kUtf16;
  std::string trace_ = "off";
  features::HoverOptions hover_;
  // Completion: the registry's namespaces (the same for every worker), asked once.
  std::shared_ptr<const script::bridge::NamespaceCatalog> catalog_;
  bool catalog_asked_ = false;
  features::DocumentationOptions completion_docs_;
  CompletionDefaults completion_defaults_;
  features::DocumentationOptions signature_docs_;
  int64_t next_tokens_id_ = 1;
  /*! \brief The open documents, each with all the server keeps for it (documents.h). */
  std::map<std::string, Document> documents_;
  // Settings and trust (server_settings.cc).
  bool cli_trusted_ = false;     // --trusted
  bool client_trusted_ = false;  // initializationOptions.trusted, tvmscript/setTrust
  std::string trust_source_;     // what made the session trusted, for the log and status
  UserTrust user_trust_;
  std::vector<std::string> workspace_folders_;  // file paths
  SettingsLayer client_settings_;
  bool configuration_supported_ = false;  // workspace.configuration
  bool pull_diagnostics_ = false;         // textDocument.diagnostic
  bool refresh_supported_ = false;        // workspace.diagnostics.refreshSupport
  std::set<std::string> warned_;
  int64_t next_request_id_ = 1;
  std::map<std::string, std::function<void(const json&)>> outgoing_;  // by id.dump()
  // Status.
  bool warming_up_ = false;
  int analyses_running_ = 0;
  std::string error_;  // why the state is "error"; empty otherwise
  json last_status_;
  std::map<std::string, Notebook> notebooks_;
  Document unanalysed_cell_;      // what Resolve gives for a markdown cell
  bool versioned_edits_ = false;  // workspace.workspaceEdit.documentChanges
  int64_t next_result_id_ = 1;
  std::unique_ptr<boost::asio::steady_timer> parent_timer_;
  /*! \brief After kMaxCrashes worker crashes within kCrashWindow, nothing is analysed. */
  static constexpr size_t kMaxCrashes = 5;
  static constexpr std::chrono::minutes kCrashWindow{3};
  std::deque<std::chrono::steady_clock::time_point> crashes_;
  bool analysis_stopped_ = false;
  // The workspace index (server_workspace.cc): results per request at most this many.
  static constexpr size_t kWorkspaceSymbolLimit = 100;
  bool progress_supported_ = false;  // window.workDoneProgress
  bool watch_registration_ = false;  // workspace.didChangeWatchedFiles.dynamicRegistration
  struct IndexProgress {
    std::string token;     // of the walk's progress; empty without progress
    bool running = false;  // a walk is under way
    bool begun = false;    // its `begin` was sent (the client created the token)
    size_t done = 0;
    size_t files = 0;
    std::string summary;  // the `end` message, once the walk is over
    std::chrono::steady_clock::time_point started;
  };
  IndexProgress index_progress_;
  int64_t next_progress_token_ = 1;
  /*! \brief Last, so its thread stops before the rest of the server goes. */
  std::unique_ptr<WorkspaceIndex> index_;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_SERVER_INTERNAL_H_
