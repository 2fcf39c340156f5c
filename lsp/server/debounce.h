/*!
 * \file debounce.h
 * \brief How long after a change a document's analysis starts, adapted to how long its
 *  analyses take, as clangd's DebouncePolicy does: the median of the document's recent
 *  analysis times, times a ratio, kept within [min, max]; max while nothing was measured.
 *  A fast file is analysed almost at once; a slow one waits for the typing to pause, so the
 *  worker is not kept busy with texts about to be replaced.
 */
#ifndef TVM_LSP_SERVER_DEBOUNCE_H_
#define TVM_LSP_SERVER_DEBOUNCE_H_

#include <chrono>
#include <cstddef>
#include <deque>

namespace tvm {
namespace lsp {

struct DebouncePolicy {
  std::chrono::milliseconds min{50};
  std::chrono::milliseconds max{500};
  /*! \brief The delay as a multiple of the median analysis time. */
  double ratio = 1.0;
  /*! \brief How many recent analysis times count. */
  size_t window = 15;

  /*! \brief A policy that always waits `delay` (a fixed `debounceMs`, or `--debounce-ms`). */
  static DebouncePolicy Fixed(std::chrono::milliseconds delay) {
    return DebouncePolicy{delay, delay, 1.0, 1};
  }
};

/*! \brief A document's recent analysis times (oldest first), at most `kKept`. */
class AnalysisTimes {
 public:
  static constexpr size_t kKept = 32;
  void Record(std::chrono::milliseconds elapsed);
  const std::deque<std::chrono::milliseconds>& recent() const { return recent_; }

 private:
  std::deque<std::chrono::milliseconds> recent_;
};

/*! \brief The delay `policy` gives after the analyses `times` took. */
std::chrono::milliseconds ComputeDebounce(const DebouncePolicy& policy,
                                          const std::deque<std::chrono::milliseconds>& times);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_DEBOUNCE_H_
