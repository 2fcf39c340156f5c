/*!
 * \file stream_context.cc
 * \brief Thread-local stack of per-call stream records.
 */
#include <tvm/ffi/stream_context.h>

#include <vector>

namespace tvm {
namespace ffi {
namespace {

struct StreamRecord {
  size_t depth;
  DLDevice device;
  void* stream;
};

struct StreamStack {
  size_t depth = 0;
  std::vector<StreamRecord> records;
};

StreamStack& ThreadStreams() {
  thread_local StreamStack stack;
  return stack;
}

}  // namespace

void* GetCurrentStream(DLDevice device) {
  // The innermost scope wins even when an outer scope recorded later; within a scope, the
  // latest record wins.
  const StreamRecord* best = nullptr;
  for (const StreamRecord& record : ThreadStreams().records) {
    if (record.device.device_type == device.device_type &&
        record.device.device_id == device.device_id &&
        (best == nullptr || record.depth >= best->depth)) {
      best = &record;
    }
  }
  return best != nullptr ? best->stream : nullptr;
}

StreamContextScope::StreamContextScope() : depth_(++ThreadStreams().depth) {}

StreamContextScope::~StreamContextScope() {
  StreamStack& stack = ThreadStreams();
  // Records of this scope need not be the last ones: an outer scope may record later.
  std::erase_if(stack.records, [this](const StreamRecord& r) { return r.depth >= depth_; });
  --stack.depth;
}

void StreamContextScope::Record(DLDevice device, void* stream) {
  ThreadStreams().records.push_back(StreamRecord{depth_, device, stream});
}

}  // namespace ffi
}  // namespace tvm
