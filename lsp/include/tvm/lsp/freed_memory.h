/*!
 * \file tvm/lsp/freed_memory.h
 * \brief Gives the memory an analysis freed back to the system once the thread is idle. glibc
 *  keeps freed pages in its arenas for reuse, so a 20,000-line file's transient reply (JSON,
 *  plain data, replaced trees) stayed in the RSS of the server and the worker for good;
 *  trimming took them from 179 + 342 MB to 79 + 210 MB (docs/performance.md). A trim of a
 *  large, fragmented heap takes 30-60 ms, so it waits until nothing has come for a while:
 *  never between the keystrokes of a burst.
 */
#ifndef TVM_LSP_FREED_MEMORY_H_
#define TVM_LSP_FREED_MEMORY_H_

#include <malloc.h>

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace tvm {
namespace lsp {

/*! \brief How long a thread waits idle before it trims the heap. */
inline constexpr std::chrono::milliseconds kIdleBeforeTrim{1000};

/*!
 * \brief `wake.wait(lock, ready)`, except that while `*freed` (set, under `lock`, by whoever
 *  freed a lot) and nothing is ready within `idle`, the heap is trimmed first, with `lock`
 *  released, and `*freed` cleared.
 */
template <typename Ready>
void WaitTrimmingWhenIdle(std::unique_lock<std::mutex>& lock, std::condition_variable& wake,
                          bool* freed, Ready ready,
                          std::chrono::milliseconds idle = kIdleBeforeTrim) {
  while (*freed && !ready()) {
    if (wake.wait_for(lock, idle, ready)) return;
    *freed = false;
    lock.unlock();
    malloc_trim(0);
    lock.lock();
  }
  wake.wait(lock, ready);
}

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_FREED_MEMORY_H_
