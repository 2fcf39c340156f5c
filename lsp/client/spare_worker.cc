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
  background_ = std::thread([this] {
    std::unique_ptr<WorkerClient> started = Started(options_);
    std::lock_guard<std::mutex> lock(mutex_);
    next_ = std::move(started);
  });
}

SpareWorker::~SpareWorker() {
  if (background_.joinable()) background_.join();
}

std::unique_ptr<WorkerClient> SpareWorker::Take() {
  if (background_.joinable()) background_.join();
  std::unique_ptr<WorkerClient> spare;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    spare = std::move(next_);
  }
  if (spare) return spare;
  spare = std::make_unique<WorkerClient>(options_);
  spare->Start();  // throws WorkerError, saying why
  return spare;
}

void SpareWorker::Retire(std::unique_ptr<WorkerClient> used) {
  if (background_.joinable()) background_.join();
  background_ = std::thread([this, used = std::move(used)]() mutable {
    used.reset();  // shut down before the next starts: they would share the cores
    std::unique_ptr<WorkerClient> started = Started(options_);
    std::lock_guard<std::mutex> lock(mutex_);
    next_ = std::move(started);
  });
}

}  // namespace lsp
}  // namespace tvm
