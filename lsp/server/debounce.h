/*!
 * \file debounce.h
 * \brief How long after a change a document's analysis starts. The wait exists to save the
 *  analysis of a text about to be replaced, so it is never longer than that analysis: the
 *  median of the document's recent edit analyses (an open's cold analysis does not count),
 *  times a ratio of at most 1, kept within [min, max]. And a wait saves nothing when the user's
 *  changes come further apart than an analysis takes (the next change would find the worker
 *  idle anyway), so then it is `min` too. Nothing measured yet waits `min`, which
 *  is 0: a newer version cancels a running analysis in the worker, so starting at once wastes
 *  at most the analysis a wait would have saved. (clangd's DebouncePolicy has the same shape
 *  with a 50 ms floor; ours drops the floor because an edit's analysis here costs a few ms.)
 */
#ifndef TVM_LSP_SERVER_DEBOUNCE_H_
#define TVM_LSP_SERVER_DEBOUNCE_H_

#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>

namespace tvm {
namespace lsp {

struct DebouncePolicy {
  std::chrono::milliseconds min{0};
  std::chrono::milliseconds max{500};
  /*! \brief The delay as a multiple of the median analysis time (at most 1: see above). */
  double ratio = 1.0;
  /*! \brief How many recent analysis times count. */
  size_t window = 15;

  /*! \brief A policy that always waits `delay` (a fixed `debounceMs`, or `--debounce-ms`). */
  static DebouncePolicy Fixed(std::chrono::milliseconds delay) {
    return DebouncePolicy{delay, delay, 1.0, 1};
  }
};

/*!
 * \brief A document's recent edit analysis times and the gaps between its recent changes
 *  (each oldest first, at most `kKept`).
 */
class AnalysisTimes {
 public:
  static constexpr size_t kKept = 32;
  void Record(std::chrono::milliseconds elapsed);
  /*! \brief A change arrived at `when` (the gap since the previous one is kept). */
  void RecordChange(std::chrono::steady_clock::time_point when);
  const std::deque<std::chrono::milliseconds>& recent() const { return recent_; }
  const std::deque<std::chrono::milliseconds>& gaps() const { return gaps_; }

 private:
  std::deque<std::chrono::milliseconds> recent_;
  std::deque<std::chrono::milliseconds> gaps_;
  std::optional<std::chrono::steady_clock::time_point> last_change_;
};

/*!
 * \brief The delay `policy` gives after the analyses `times` took, with the user's changes
 *  `gaps` apart (none known: as if they came at once).
 */
std::chrono::milliseconds ComputeDebounce(const DebouncePolicy& policy,
                                          const std::deque<std::chrono::milliseconds>& times,
                                          const std::deque<std::chrono::milliseconds>& gaps = {});

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_DEBOUNCE_H_
