/*!
 * \file spare_worker.cc
 * \brief SpareWorker: workers started ahead, each replaced after one use.
 */
#include <algorithm>

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
  size_t count = std::max<size_t>(options_.spare_workers, 1);
  for (size_t i = 0; i < count; ++i) {
    slots_.push_back(std::make_unique<Slot>());
    StartNext(*slots_.back());
  }
}

SpareWorker::~SpareWorker() {
  for (auto& slot : slots_) {
    if (slot->starting.joinable()) slot->starting.join();
  }
}

void SpareWorker::StartNext(Slot& slot) {
  slot.starting = std::thread([this, &slot] {
    std::unique_ptr<WorkerClient> started = Started(options_);
    std::lock_guard<std::mutex> lock(slot.mutex);
    slot.started = std::move(started);
  });
}

std::unique_ptr<WorkerClient> SpareWorker::Take() {
  Slot& slot = *slots_[next_slot_];
  next_slot_ = (next_slot_ + 1) % slots_.size();
  if (slot.starting.joinable()) slot.starting.join();
  std::unique_ptr<WorkerClient> spare;
  {
    std::lock_guard<std::mutex> lock(slot.mutex);
    spare = std::move(slot.started);
  }
  if (!spare) {
    spare = std::make_unique<WorkerClient>(options_);
    spare->Start();  // throws WorkerError, saying why
  }
  // Its replacement starts while this one confirms: a folder's files then wait for a start
  // only when confirming takes less time than starting.
  StartNext(slot);
  return spare;
}

void SpareWorker::Retire(std::unique_ptr<WorkerClient> used) {
  used->KillWorker();  // nothing it holds is needed: no orderly shutdown to wait for
  used.reset();
}

}  // namespace lsp
}  // namespace tvm
