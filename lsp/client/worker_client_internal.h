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
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

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
  /*! \brief The parts of a document's last result, and the worker generation they came from. */
  struct Held {
    HeldParts parts;
    uint64_t generation = 0;
  };
  std::mutex parts_mutex;
  std::map<std::string, Held> held_parts;  // under parts_mutex

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
  std::map<int64_t, protocol::Reply> replies;
  std::map<int64_t, Started> current_definition;  // analyze id -> last definition started
  int64_t next_id = 1;
  int starts = 0;
  std::chrono::milliseconds last_start_duration{0};

  // Process.
  void StartLocked();
  void StopLocked();
  void ReadReplies(int from_worker, uint64_t my_generation, pid_t pid);
  void Deliver(const nlohmann::json& message);
  void ResendDocuments();
  void EnsureStarted();

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

  // Analysis.
  struct Attempt;
  class AnalysisRun;
  AnalysisOutcome AnalyzeLocked(const std::string& uri);
  Attempt RunAttempt(int64_t id, Clock::time_point budget_end);
  /*! \brief The wall time one analysis of `uri` may take: grows with its number of lines. */
  std::chrono::milliseconds Budget(const std::string& uri);
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLIENT_WORKER_CLIENT_INTERNAL_H_
