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
 */
#ifndef TVM_LSP_SERVER_ANALYSIS_RUNNER_H_
#define TVM_LSP_SERVER_ANALYSIS_RUNNER_H_

#include <tvm/lsp/worker_client.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <thread>

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

  WorkerClient& client() { return client_; }

  /*!
   * \brief Analyses `uri` soon, then posts `done(outcome)` to the loop. While one is queued
   *  for the same document, another is not added (the queued one analyses the newest version).
   */
  void Analyze(const std::string& uri, std::function<void(AnalysisOutcome)> done);
  /*! \brief Runs `job` on the thread after what is queued. */
  void Run(Job job);
  /*! \brief Posts to the loop (for jobs that answer). */
  void PostBack(std::function<void()> callback) { post_(std::move(callback)); }

  /*!
   * \brief Drops what is queued and waits up to `wait` for the running job to end; true when
   *  the thread ended (the worker can then be shut down politely).
   */
  bool Stop(std::chrono::milliseconds wait);

 private:
  void Loop();

  WorkerClient client_;
  Post post_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  std::set<std::string> queued_analyses_;
  bool stopping_ = false;
  bool finished_ = false;
  std::thread thread_;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_ANALYSIS_RUNNER_H_
