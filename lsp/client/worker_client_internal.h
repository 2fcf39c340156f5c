/*!
 * \file worker_client_internal.h
 * \brief What the files of WorkerClient share: its state (`WorkerClient::Impl`) and helpers.
 *  Only lsp/client includes this.
 *
 * Locks, in the order they may be taken: `analyze_mutex` (analyses and queries one at a time),
 * `lifecycle_mutex` (starts and stops one at a time), `send_mutex` (a document update and its
 * write happen under it, as does the re-sending of documents to a new worker, so the newest
 * text is always the last sent), `parts_mutex` (the parts held per document), `write_mutex`
 * (one frame at a time on the pipe, which is closed under it too), `mutex` (the state the
 * reader thread fills in: replies, events, whether the worker lives). Nobody writes to the pipe
 * or waits for a thread while holding `mutex`, so the reader, which takes only `mutex`, always
 * drains the worker's output.
 */
#ifndef TVM_LSP_CLIENT_WORKER_CLIENT_INTERNAL_H_
#define TVM_LSP_CLIENT_WORKER_CLIENT_INTERNAL_H_

#include <signal.h>
#include <tvm/lsp/result_parts.h>
#include <tvm/lsp/worker_client.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "reply_checks_internal.h"
#include "spare_worker_internal.h"
#include "worker_protocol.h"

namespace tvm {
namespace lsp {

using Clock = std::chrono::steady_clock;

inline std::chrono::milliseconds Since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
}

/*! \brief An error diagnostic of the client's own (time limits, a worker that failed). */
inline script::bridge::Diagnostic ClientDiagnostic(std::string code, std::string message,
                                                   script::bridge::Range range) {
  script::bridge::Diagnostic diagnostic;
  diagnostic.severity = script::bridge::Severity::kError;
  diagnostic.code = std::move(code);
  diagnostic.message = std::move(message);
  diagnostic.range = range;
  return diagnostic;
}

/*!
 * \brief SIGKILL to the worker's process group: the worker and whatever a trusted worker's
 *  Python started. Only called before the worker is reaped, so the group id is still its own.
 */
inline void KillGroup(pid_t pid) {
  if (kill(-pid, SIGKILL) != 0) kill(pid, SIGKILL);
}

struct WorkerClient::Impl {
  explicit Impl(WorkerClientOptions options) : options(std::move(options)) {}

  struct Document {
    int64_t version = 0;
    std::string text;
  };

  /*! \brief A definition the worker reported as started, and when it arrived. */
  struct Started {
    protocol::DefinitionStartedParams params;
    Clock::time_point at;
  };

  /*! \brief Why the client stopped a definition in this analysis. */
  struct Stopped {
    protocol::DefinitionStartedParams definition;
    std::string code;  // "time-limit" or "worker-crashed"
    std::string message;
  };

  WorkerClientOptions options;

  std::mutex lifecycle_mutex;
  std::mutex analyze_mutex;
  std::mutex send_mutex;
  std::mutex write_mutex;  // one frame at a time on the pipe; to_worker is closed under it too
  std::map<std::string, Document> documents;  // under send_mutex
  std::set<std::string> stopped;              // under mutex
  /*!
   * \brief Keys every analysis skips besides `stopped`: a confirming worker runs only the
   *  definitions whose formatting it confirms (format_confirmation.cc). Under mutex.
   */
  std::set<std::string> skip_also;
  /*! \brief The parts of a document's last result, and the worker generation they came from. */
  struct Held {
    HeldParts parts;
    uint64_t generation = 0;
  };
  std::mutex parts_mutex;
  std::map<std::string, Held> held_parts;  // under parts_mutex
  /*!
   * \brief What the client's last checked analysis of a document found: queries on that
   *  version are checked against it (a verdict only about one of these definitions).
   */
  struct Analysed {
    int64_t version = 0;
    std::vector<script::bridge::Definition> definitions;
    std::shared_ptr<const TextBounds> bounds;
  };
  std::map<std::string, Analysed> analysed;  // under parts_mutex
  /*! \brief Confirms formatting verdicts in a fresh worker (format_confirmation.cc). */
  std::unique_ptr<SpareWorker> spare;  // under analyze_mutex
  /*! \brief The last confirmation per document and query (migrate or not). */
  struct Confirmation {
    int64_t version = 0;
    std::vector<script::bridge::FormatVerdict> proposed;
    std::vector<script::bridge::FormatVerdict> confirmed;
  };
  std::map<std::pair<std::string, bool>, Confirmation> confirmations;  // under analyze_mutex

  mutable std::mutex mutex;
  std::condition_variable wake;
  pid_t worker_pid = 0;
  int to_worker = -1;
  uint64_t generation = 0;         // of the running worker; a reader only reports for its own
  uint64_t killed_on_request = 0;  // the generation KillWorker or Restart killed
  bool alive = false;
  std::optional<protocol::ReadyParams> ready;
  std::thread reader;
  std::set<int64_t> waiting;
  /*! \brief Requests sent and not answered yet: a reply or event about another id is forged. */
  std::set<int64_t> unanswered;
  /*! \brief Why the running worker was stopped for breaking the protocol; empty if it was not. */
  std::string violation;
  std::map<int64_t, protocol::Reply> replies;
  std::map<int64_t, Started> current_definition;  // analyze id -> last definition started
  /*! \brief Analyze ids whose definitions all ran (`answering`): no definition limit left. */
  std::set<int64_t> answered_definitions;
  int64_t next_id = 1;
  int starts = 0;
  std::chrono::milliseconds last_start_duration{0};

  // Process.
  void StartLocked();
  void StopLocked();
  void ReadReplies(int from_worker, uint64_t my_generation, pid_t pid);
  void Deliver(const nlohmann::json& message);
  /*! \brief Whether an analysis event is about a request someone waits for; throws when it is
   *  about no request running (`mutex` held). */
  bool AboutWaitingAnalysis(int64_t request, const std::string& event) const;
  void ResendDocuments();
  void EnsureStarted();

  /*!
   * \brief A worker that broke the protocol (reply_checks_internal.h): says what on the log,
   *  kills it (the next request starts a new one) and forgets what the client held from it.
   *  Not under any lock but analyze_mutex.
   */
  void Reject(const std::string& what);
  /*! \brief One line on the log (`options.log`, stderr when unset). */
  void Log(const std::string& line) const;
  /*! \brief The log line of a worker stopped for breaking the protocol. */
  void LogViolation(pid_t pid, const std::string& what) const;
  /*! \brief What the client's analysis of that version of `uri` found; none if there is none. */
  std::optional<Analysed> AnalysedAt(const std::string& uri, int64_t version);
  /*!
   * \brief AnalysedAt for checking a query answered "done": the worker cannot have answered
   *  on a version the client holds no analysis of. \throws ProtocolViolation when none.
   */
  Analysed AnalysedOrThrow(const std::string& uri, int64_t version);

  // Requests.
  /*! \brief Sends a request whose reply nobody waits for (it is dropped when it comes). */
  int64_t Send(const std::string& method, const nlohmann::json& params);
  /*! \brief Sends a request whose reply `Wait` (or `RunAttempt`) will take. */
  int64_t Ask(const std::string& method, const nlohmann::json& params);
  bool SendRaw(const std::string& body);
  std::optional<protocol::Reply> Wait(int64_t id, Clock::time_point deadline);
  nlohmann::json Call(const std::string& method, const nlohmann::json& params);
  /*!
   * \brief Asks a query (`params` of the version) of the document's current version, which
   *  goes to `*version`, and waits up to `query_limit`; past it the worker is killed (the
   *  next request starts one). The reply's result, or `*failed` set to why there is none.
   *  Runs under analyze_mutex.
   */
  std::optional<nlohmann::json> Query(const std::string& method, const std::string& uri,
                                      const std::function<nlohmann::json(int64_t)>& params,
                                      int64_t* version, std::string* failed);
  /*! \brief The verdicts of the running worker, checked but not confirmed. */
  FormatOutcome ProposedVerdicts(const std::string& uri, const script::bridge::FormatQuery& query);
  /*!
   * \brief `proposed` with each verdict whose text would change the document kept only when a
   *  fresh worker, given only this document, gives the same text (format_confirmation.cc).
   */
  FormatOutcome Confirmed(const std::string& uri, const script::bridge::FormatQuery& query,
                          FormatOutcome proposed);

  // Analysis.
  struct Attempt;
  class AnalysisRun;
  AnalysisOutcome AnalyzeLocked(
      const std::string& uri, std::optional<std::pair<int64_t, int64_t>> only_lines = std::nullopt);
  Attempt RunAttempt(int64_t id, Clock::time_point budget_end);
  /*! \brief The wall time one analysis of `uri` may take: grows with its number of lines. */
  std::chrono::milliseconds Budget(const std::string& uri);
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLIENT_WORKER_CLIENT_INTERNAL_H_
