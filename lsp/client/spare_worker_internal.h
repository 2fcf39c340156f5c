/*!
 * \file spare_worker_internal.h
 * \brief Workers started ahead of their use, each used for one document and then replaced:
 *  the formatting confirmation (format_confirmation.cc) needs a worker that has seen nothing
 *  but the document it confirms, and pre-started ones hide the start-up cost. Only lsp/client
 *  includes it.
 */
#ifndef TVM_LSP_CLIENT_SPARE_WORKER_INTERNAL_H_
#define TVM_LSP_CLIENT_SPARE_WORKER_INTERNAL_H_

#include <tvm/lsp/worker_client.h>

#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tvm {
namespace lsp {

class SpareWorker {
 public:
  /*!
   * \brief Starts `options.spare_workers` spares (at least one) in the background. With two,
   *  a folder's files alternate between them, so each has two files' time to start.
   */
  explicit SpareWorker(WorkerClientOptions options);
  /*! \brief Waits for the background starts (or shutdowns) to end. */
  ~SpareWorker();
  SpareWorker(const SpareWorker&) = delete;
  SpareWorker& operator=(const SpareWorker&) = delete;

  /*!
   * \brief A started worker that has seen no document: the spare taken longest ago (waiting
   *  for its background start; if that failed, starting one now). Its replacement starts in
   *  the background at once.
   *  \throws WorkerError when none can be started.
   */
  std::unique_ptr<WorkerClient> Take();
  /*! \brief Kills a used worker: it is never given another document. */
  void Retire(std::unique_ptr<WorkerClient> used);

  const WorkerClientOptions& options() const { return options_; }

 private:
  /*! \brief One spare: the thread starting it and, once started, the worker. */
  struct Slot {
    std::thread starting;
    std::mutex mutex;
    std::unique_ptr<WorkerClient> started;  // under mutex: the started spare, if any
  };

  void StartNext(Slot& slot);

  WorkerClientOptions options_;
  std::vector<std::unique_ptr<Slot>> slots_;
  size_t next_slot_ = 0;  // the one taken longest ago
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLIENT_SPARE_WORKER_INTERNAL_H_
