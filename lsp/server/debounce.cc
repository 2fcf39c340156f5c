/*!
 * \file debounce.cc
 * \brief The adaptive debounce.
 */
#include "debounce.h"

#include <algorithm>
#include <vector>

namespace tvm {
namespace lsp {

using std::chrono::milliseconds;

namespace {

void Keep(std::deque<milliseconds>* kept, milliseconds value) {
  kept->push_back(value);
  while (kept->size() > AnalysisTimes::kKept) kept->pop_front();
}

/*! \brief The median of the last `window` values (the upper one of an even count). */
milliseconds RecentMedian(const std::deque<milliseconds>& values, size_t window) {
  size_t count = std::min(window == 0 ? size_t{1} : window, values.size());
  std::vector<milliseconds> recent(values.end() - static_cast<std::ptrdiff_t>(count), values.end());
  auto median = recent.begin() + static_cast<std::ptrdiff_t>(recent.size() / 2);
  std::nth_element(recent.begin(), median, recent.end());
  return *median;
}

}  // namespace

void AnalysisTimes::Record(milliseconds elapsed) { Keep(&recent_, elapsed); }

void AnalysisTimes::RecordChange(std::chrono::steady_clock::time_point when) {
  if (last_change_) {
    Keep(&gaps_, std::chrono::duration_cast<milliseconds>(when - *last_change_));
  }
  last_change_ = when;
}

milliseconds ComputeDebounce(const DebouncePolicy& policy, const std::deque<milliseconds>& times,
                             const std::deque<milliseconds>& gaps) {
  if (policy.min >= policy.max) return policy.min;
  if (times.empty()) return policy.min;  // nothing measured: a wait would save nothing known
  milliseconds analysis = RecentMedian(times, policy.window);
  // Changes further apart than an analysis: the next one finds the worker idle anyway.
  if (!gaps.empty() && RecentMedian(gaps, policy.window) > analysis) return policy.min;
  double target = policy.ratio * static_cast<double>(analysis.count());
  if (target >= static_cast<double>(policy.max.count())) return policy.max;
  if (target <= static_cast<double>(policy.min.count())) return policy.min;
  return milliseconds(static_cast<int64_t>(target));
}

}  // namespace lsp
}  // namespace tvm
