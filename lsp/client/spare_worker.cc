/*!
 * \file spare_worker.cc
 * \brief SpareWorker: one worker started ahead, replaced after each use.
 */
#include "spare_worker_internal.h"

namespace tvm {
namespace lsp {

namespace {

/*! \brief A started worker, or none when it could not be started. */
std::unique_ptr<WorkerClient> Started(const WorkerClientOptions& options) {
  auto client = std::make_unique<WorkerClient>(options);
  try {
    client->Start();
  } catch (const WorkerError&) {
    return nullptr;  // Take tries again and reports why
  }
  return client;
}

}  // namespace

SpareWorker::SpareWorker(WorkerClientOptions options) : options_(std::move(options)) {
  StartNext();
}

SpareWorker::~SpareWorker() {
  if (background_.joinable()) background_.join();
}

void SpareWorker::StartNext() {
  background_ = std::thread([this] {
    std::unique_ptr<WorkerClient> started = Started(options_);
    std::lock_guard<std::mutex> lock(mutex_);
    next_ = std::move(started);
  });
}

std::unique_ptr<WorkerClient> SpareWorker::Take() {
  if (background_.joinable()) background_.join();
  std::unique_ptr<WorkerClient> spare;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    spare = std::move(next_);
  }
  if (!spare) {
    spare = std::make_unique<WorkerClient>(options_);
    spare->Start();  // throws WorkerError, saying why
  }
  // The next one starts while this one confirms: a folder's files then wait for a start only
  // when confirming takes less time than starting.
  StartNext();
  return spare;
}

void SpareWorker::Retire(std::unique_ptr<WorkerClient> used) {
  used->KillWorker();  // nothing it holds is needed: no orderly shutdown to wait for
  used.reset();
}

}  // namespace lsp
}  // namespace tvm
