/*!
 * \file stack_guard.cc
 * \brief Reads the calling thread's stack bounds once and compares the current frame to them.
 */
#include <pthread.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/stack_guard.h>

#include <cstdint>

namespace tvm {
namespace ffi {
namespace {

/*! \brief The lowest usable address of this thread's stack (stacks grow down), or 0. */
uintptr_t StackLowBound() {
  thread_local uintptr_t low = [] {
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return uintptr_t{0};
    void* addr = nullptr;
    size_t size = 0;
    const bool ok = pthread_attr_getstack(&attr, &addr, &size) == 0;
    pthread_attr_destroy(&attr);
    return ok ? reinterpret_cast<uintptr_t>(addr) : uintptr_t{0};
  }();
  return low;
}

}  // namespace

bool StackNearlyExhausted() {
  const uintptr_t low = StackLowBound();
  if (low == 0) return false;
  const auto here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  return here < low + kStackReserveBytes;
}

void CheckStackDepth(const char* what, size_t depth) {
  if (StackNearlyExhausted()) {
    TVM_FFI_THROW(RecursionError) << what << ": input nested too deeply (depth " << depth << ")";
  }
}

}  // namespace ffi
}  // namespace tvm
