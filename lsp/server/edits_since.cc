/*!
 * \file edits_since.cc
 * \brief Lines mapped through the edits since an analysis (edits_since.h).
 */
#include "edits_since.h"

#include <tvm/lsp/lines.h>

#include <algorithm>

namespace tvm {
namespace lsp {

void EditsSince::Add(const TextChange& change) {
  if (everything_) return;
  if (!change.range || edits_.size() >= kLimit) {
    everything_ = true;
    edits_.clear();
    return;
  }
  // Line breaks as the analysed text counts them (\r\n, \r and \n).
  auto breaks = static_cast<int64_t>(LineCount(change.text)) - 1;
  edits_.push_back(
      LineEdit{change.range->line, std::max(change.range->line, change.range->end_line), breaks});
}

void EditsSince::Clear() {
  edits_.clear();
  everything_ = false;
}

std::optional<int64_t> EditsSince::Back(int64_t line) const {
  if (everything_) return std::nullopt;
  for (auto edit = edits_.rbegin(); edit != edits_.rend(); ++edit) {
    if (line < edit->first) continue;
    if (line <= edit->first + edit->lines) return std::nullopt;  // in the new text
    line += (edit->last - edit->first) - edit->lines;
  }
  return line;
}

std::optional<std::pair<int64_t, int64_t>> EditsSince::Forth(int64_t first, int64_t last) const {
  if (everything_) return std::nullopt;
  for (const LineEdit& edit : edits_) {
    if (last < edit.first) continue;              // above it: unmoved
    if (first <= edit.last) return std::nullopt;  // touched
    int64_t shift = edit.lines - (edit.last - edit.first);
    first += shift;
    last += shift;
  }
  return std::pair<int64_t, int64_t>{first, last};
}

}  // namespace lsp
}  // namespace tvm
