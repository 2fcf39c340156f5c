/*!
 * \file tvm/ffi/stream_context.h
 * \brief The streams a caller's framework had current when it made an FFI call, recorded per
 *  device for the duration of that call (thread-local).
 */
#ifndef TVM_FFI_STREAM_CONTEXT_H_
#define TVM_FFI_STREAM_CONTEXT_H_

#include <dlpack/dlpack.h>

#include <cstdint>
#include <vector>

namespace tvm {
namespace ffi {

/*! \return the stream recorded for the device in the innermost active call, or nullptr. */
void* GetCurrentStream(DLDevice device);

/*!
 * \brief Records streams while alive; scopes nest and the innermost one wins. The Python
 *  bindings open one per call whose arguments carried a stream protocol.
 */
class StreamContextScope {
 public:
  StreamContextScope();
  ~StreamContextScope();
  StreamContextScope(const StreamContextScope&) = delete;
  StreamContextScope& operator=(const StreamContextScope&) = delete;
  void Record(DLDevice device, void* stream);

 private:
  size_t depth_;
};

}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_STREAM_CONTEXT_H_
