/*!
 * \file analysis_runner.h
 * \brief The thread that talks to the analysis worker: `WorkerClient`'s analyses and queries
 *  block (they wait on the worker with its time limits), so they run here, one at a time, and
 *  their results are posted back to the server's loop.
 *
 * Document updates (`client().Open/Edit/Close`) are made from the loop directly: they only
 * write to the worker's pipe, and a newer version makes a running analysis answer cancelled.
 * Analyses are coalesced: one queued per document, which analyses whatever version is current
 * when it runs.
 *
 * Two lanes: analyses and queries run in the order they came; slow work (the on-save
 * round-trip check, later a compile) runs in steps, one step whenever nothing else waits, so
 * an edit's analysis or a request waiting on it meanwhile waits at most for the step running.
 *
 * Two workers: an untrusted one (sandboxed) and a trusted one, each started only when a
 * document needs it. A worker's trust is fixed for its life (a seccomp filter cannot be
 * lifted), and a trusted worker must never see untrusted text, so each document goes to the
 * worker of its trust (`SetDocumentTrust`); a document whose trust changes moves between them.
 */
#ifndef TVM_LSP_SERVER_ANALYSIS_RUNNER_H_
#define TVM_LSP_SERVER_ANALYSIS_RUNNER_H_

#include <tvm/lsp/worker_client.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>

namespace tvm {
namespace lsp {

class AnalysisRunner {
 public:
  /*! \brief Runs a callable on the server's loop (thread-safe). */
  using Post = std::function<void(std::function<void()>)>;
  /*! \brief A job: runs on the runner's thread with the client. */
  using Job = std::function<void(WorkerClient&)>;

  AnalysisRunner(WorkerClientOptions options, Post post);
  /*! \brief Stops the thread (see `Stop`). */
  ~AnalysisRunner();
  AnalysisRunner(const AnalysisRunner&) = delete;
  AnalysisRunner& operator=(const AnalysisRunner&) = delete;

  /*!
   * \brief The worker client for documents without a trust of their own: the trusted one when
   *  the session is trusted (`SetSessionTrust`), else the untrusted one.
   */
  WorkerClient& client();
  /*! \brief The worker client for `uri`: the one of its trust. */
  WorkerClient& client(const std::string& uri);
  /*! \brief Both clients (to kill or inspect them all). */
  WorkerClient& untrusted_client() { return untrusted_; }
  WorkerClient& trusted_client() { return trusted_; }
  /*! \brief The trust of documents not given one (thread-safe). */
  void SetSessionTrust(bool trusted);
  /*! \brief Which worker `uri` goes to (thread-safe); the caller moves its text. */
  void SetDocumentTrust(const std::string& uri, bool trusted);
  void ForgetDocument(const std::string& uri);
  /*! \brief Called on the loop with the wall time of each analysis that finished (debounce). */
  using Timing = std::function<void(const std::string& uri, std::chrono::milliseconds)>;
  void SetTiming(Timing timing) { timing_ = std::move(timing); }

  /*!
   * \brief Analyses `uri` soon, then posts `done(outcome)` to the loop. While one is queued
   *  for the same document, another is not added (the queued one analyses the newest version):
   *  false then, and `done` is not called.
   */
  bool Analyze(const std::string& uri, std::function<void(AnalysisOutcome)> done,
               std::optional<std::pair<int64_t, int64_t>> only_lines = std::nullopt);
  /*! \brief Runs `job` on the thread after what is queued, with `client()`. */
  void Run(Job job);
  /*! \brief Runs `job` with the client of `uri` (chosen when the job runs). */
  void Run(const std::string& uri, Job job);
  /*! \brief One step of slow work: true while steps remain. */
  using Step = std::function<bool(WorkerClient&)>;
  /*!
   * \brief Runs `step` with the client of `uri` in the slow lane, again and again until it
   *  returns false: a step at a time, each only when no other job waits.
   */
  void RunSlow(const std::string& uri, Step step);
  /*! \brief Posts to the loop (for jobs that answer). */
  void PostBack(std::function<void()> callback) { post_(std::move(callback)); }

  /*!
   * \brief Drops what is queued and waits up to `wait` for the running job to end; true when
   *  the thread ended (the worker can then be shut down politely).
   */
  bool Stop(std::chrono::milliseconds wait);

 private:
  void Loop();

  static WorkerClientOptions WithTrust(WorkerClientOptions options, bool trusted) {
    options.trusted = trusted;
    return options;
  }

  WorkerClient untrusted_;
  WorkerClient trusted_;
  Post post_;
  Timing timing_;
  std::mutex trust_mutex_;
  bool session_trusted_ = false;
  std::map<std::string, bool> document_trust_;  // under trust_mutex_
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  /*! \brief The slow lane: each job runs one step, then goes to the back while it has more. */
  std::deque<std::function<bool()>> slow_;
  std::set<std::string> queued_analyses_;
  bool stopping_ = false;
  bool freed_ = false;  // an analysis freed memory since the last trim (freed_memory.h)
  bool finished_ = false;
  std::thread thread_;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_ANALYSIS_RUNNER_H_
