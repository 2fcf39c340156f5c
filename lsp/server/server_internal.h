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

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "analysis_runner.h"
#include "documents.h"
#include "features/features.h"
#include "positions.h"
#include "server.h"
#include "transport.h"

namespace tvm {
namespace lsp {

using nlohmann::json;

/*! \brief The navigation capabilities, for `initialize` (server_navigation.cc). */
json NavigationCapabilities(const json& client_capabilities);

/*! \brief The language capabilities (inlay hints), for `initialize` (server_language.cc). */
json LanguageCapabilities(const json& client_capabilities);

class Server {
 public:
  Server(boost::asio::io_context& io, const ServerOptions& options, int in_fd, int out_fd);
  void Start();
  int exit_code() const { return exit_code_; }
  /*! \brief Ends the analysis thread; false when it is stuck in the worker. */
  bool StopAnalysis(std::chrono::milliseconds wait) { return runner_->Stop(wait); }
  void KillWorker() { runner_->client().KillWorker(); }

 private:
  enum class State { kStarting, kRunning, kShutDown };
  /*!
   * \brief A request handler: returns the result, or none when it answers later through
   *  `Reply` (the request stays pending, so `$/cancelRequest` can answer it first). Throws
   *  rpc::Error for an error reply; any other exception is -32603.
   */
  using RequestHandler = std::function<std::optional<json>(const json& id, const json& params)>;
  using NotificationHandler = std::function<void(const json& params)>;

  // Messages (server.cc).
  void OnMessage(std::string body);
  void Dispatch(const json& message);
  void HandleRequest(const json& id, const std::string& method, const json& params);
  void HandleNotification(const std::string& method, const json& params);
  void RegisterHandlers();
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

  // Documents (server_documents.cc).
  void DidOpen(const json& params);
  void DidChange(const json& params);
  void DidClose(const json& params);
  /*! \brief Brings the worker's view of `document` in line with whether it is analysed. */
  void SyncAnalysed(Document* document, bool was_analysed);
  void ScheduleAnalysis(const std::string& uri);
  void Publish(const AnalysisOutcome& outcome);
  /*! \brief Counts the crashes an analysis met; past the limit, analysis stops (and says so). */
  void CountCrashes(const AnalysisOutcome& outcome);
  void PublishEmpty(Document* document);
  Document* Find(const std::string& uri);
  LineIndex Lines(const Document& document) const { return LineIndex(document.text, encoding_); }

  // Requests that reach the features (server_requests.cc).
  std::optional<json> HoverRequest(const json& id, const json& params);
  std::optional<json> FormattingRequest(const json& id, const json& params);
  /*! \brief Throws -32603 once analysis has stopped (CountCrashes). */
  void RefuseWhenStopped() const;
  /*!
   * \brief The document a worker's answer may be given on: none, after an error reply, when it
   *  changed since the request (-32801, "the document changed while <what>") or the worker
   *  failed (-32603).
   */
  Document* Answerable(const json& id, const std::string& uri, int64_t version,
                       int64_t answered_version, QueryStatus status, const std::string& failure,
                       const char* what);

  // Navigation (server_navigation.cc).
  /*! \brief What a navigation answer reads: the document, its analysis, the position. */
  struct Query {
    const Document& document;
    const script::bridge::ParseResult& result;
    const LineIndex& lines;
    const json& params;
    int64_t line;    // of params.position (1-based), or 1 when there is none
    int64_t column;  // in UTF-8 bytes
  };
  void RegisterNavigation();
  // Language features (server_language.cc).
  void RegisterLanguage();
  /*!
   * \brief Answers from the document's analysis at its current version, analysing it first
   *  when there is none (-32801 when it changes meanwhile); `outside` for a document that is
   *  not TVMScript. `answer` may throw rpc::Error.
   */
  std::optional<json> FromAnalysis(const json& id, const json& params, json outside,
                                   std::function<json(const Query&)> answer);

  boost::asio::io_context& io_;
  ServerOptions options_;
  StdioTransport transport_;
  std::unique_ptr<AnalysisRunner> runner_;
  std::map<std::string, RequestHandler> requests_;
  std::map<std::string, NotificationHandler> notifications_;
  std::map<std::string, json> pending_;  // requests answered later, by id.dump()
  State state_ = State::kStarting;
  bool exiting_ = false;
  int exit_code_ = 1;
  PositionEncoding encoding_ = PositionEncoding::kUtf16;
  std::string trace_ = "off";
  features::HoverOptions hover_;
  /*! \brief Inlay hints' options; `enable` is meant for `tvmscript.inlayHints.enable`. */
  features::InlayHintOptions inlay_hints_;
  /*! \brief The last semantic tokens sent per document, for full/delta. */
  struct SemanticTokensCache {
    std::string result_id;
    std::vector<int64_t> data;
  };
  std::map<std::string, SemanticTokensCache> semantic_tokens_;
  int64_t next_tokens_id_ = 1;
  std::map<std::string, Document> documents_;
  std::map<std::string, std::unique_ptr<boost::asio::steady_timer>> debounce_;
  std::unique_ptr<boost::asio::steady_timer> parent_timer_;
  /*! \brief After kMaxCrashes worker crashes within kCrashWindow, nothing is analysed. */
  static constexpr size_t kMaxCrashes = 5;
  static constexpr std::chrono::minutes kCrashWindow{3};
  std::deque<std::chrono::steady_clock::time_point> crashes_;
  bool analysis_stopped_ = false;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_SERVER_INTERNAL_H_
