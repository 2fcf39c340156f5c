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
  const StreamStack& stack = ThreadStreams();
  for (auto it = stack.records.rbegin(); it != stack.records.rend(); ++it) {
    if (it->device.device_type == device.device_type && it->device.device_id == device.device_id) {
      return it->stream;
    }
  }
  return nullptr;
}

StreamContextScope::StreamContextScope() : depth_(++ThreadStreams().depth) {}

StreamContextScope::~StreamContextScope() {
  StreamStack& stack = ThreadStreams();
  while (!stack.records.empty() && stack.records.back().depth >= depth_) stack.records.pop_back();
  --stack.depth;
}

void StreamContextScope::Record(DLDevice device, void* stream) {
  ThreadStreams().records.push_back(StreamRecord{depth_, device, stream});
}

}  // namespace ffi
}  // namespace tvm
