/*!
 * \file spare_worker_internal.h
 * \brief A worker started ahead of its use, used for one document and then replaced: the
 *  formatting confirmation (format_confirmation.cc) needs a worker that has seen nothing but
 *  the document it confirms, and a pre-started one hides the start-up cost. Only lsp/client
 *  includes it.
 */
#ifndef TVM_LSP_CLIENT_SPARE_WORKER_INTERNAL_H_
#define TVM_LSP_CLIENT_SPARE_WORKER_INTERNAL_H_

#include <tvm/lsp/worker_client.h>

#include <memory>
#include <mutex>
#include <thread>

namespace tvm {
namespace lsp {

class SpareWorker {
 public:
  /*! \brief Starts the first spare in the background. */
  explicit SpareWorker(WorkerClientOptions options);
  /*! \brief Waits for the background start (or shutdown) to end. */
  ~SpareWorker();
  SpareWorker(const SpareWorker&) = delete;
  SpareWorker& operator=(const SpareWorker&) = delete;

  /*!
   * \brief A started worker that has seen no document (waiting for the background start; if
   *  that failed, starting one now); the next spare starts in the background at once.
   *  \throws WorkerError when none can be started.
   */
  std::unique_ptr<WorkerClient> Take();
  /*! \brief Kills a used worker: it is never given another document. */
  void Retire(std::unique_ptr<WorkerClient> used);

  const WorkerClientOptions& options() const { return options_; }

 private:
  void StartNext();

  WorkerClientOptions options_;
  std::thread background_;
  std::mutex mutex_;
  std::unique_ptr<WorkerClient> next_;  // under mutex_: the started spare, if any
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLIENT_SPARE_WORKER_INTERNAL_H_
