/*!
 * \file tvm/ffi/stack_guard.h
 * \brief A check recursive algorithms make before descending, so that deeply nested input
 *  raises RecursionError instead of overflowing the C++ stack.
 *
 * The limit is the real stack of the calling thread (read once per thread), so it holds for
 * the main thread, worker threads with small stacks, and sanitizer builds with large frames.
 */
#ifndef TVM_FFI_STACK_GUARD_H_
#define TVM_FFI_STACK_GUARD_H_

#include <cstddef>

namespace tvm {
namespace ffi {

/*! \brief Head room a guarded recursion keeps free on the stack (for callbacks and errors). */
constexpr size_t kStackReserveBytes = 512 * 1024;

/*! \return whether less than kStackReserveBytes of the calling thread's stack is left. */
bool StackNearlyExhausted();

/*!
 * \brief Throws RecursionError "<what>: input nested too deeply (depth N)" when the stack is
 *  nearly exhausted.
 */
void CheckStackDepth(const char* what, size_t depth);

}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_STACK_GUARD_H_
