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

void AnalysisTimes::Record(milliseconds elapsed) {
  recent_.push_back(elapsed);
  while (recent_.size() > kKept) recent_.pop_front();
}

milliseconds ComputeDebounce(const DebouncePolicy& policy, const std::deque<milliseconds>& times) {
  if (policy.min >= policy.max) return policy.min;
  if (times.empty()) return policy.min;  // nothing measured: a wait would save nothing known
  size_t count = std::min(policy.window == 0 ? size_t{1} : policy.window, times.size());
  std::vector<milliseconds> recent(times.end() - static_cast<std::ptrdiff_t>(count), times.end());
  auto median = recent.begin() + static_cast<std::ptrdiff_t>(recent.size() / 2);
  std::nth_element(recent.begin(), median, recent.end());
  double target = policy.ratio * static_cast<double>(median->count());
  if (target >= static_cast<double>(policy.max.count())) return policy.max;
  if (target <= static_cast<double>(policy.min.count())) return policy.min;
  return milliseconds(static_cast<int64_t>(target));
}

}  // namespace lsp
}  // namespace tvm
