/*!
 * \file edits_since.h
 * \brief The edits made to a document since the analysis the server holds, by lines: enough to
 *  read that analysis at the current text where the edits did not touch it (hover answers from
 *  the last position index while the next analysis runs).
 */
#ifndef TVM_LSP_SERVER_EDITS_SINCE_H_
#define TVM_LSP_SERVER_EDITS_SINCE_H_

#include <tvm/lsp/text_change.h>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace tvm {
namespace lsp {

/*!
 * \brief Line edits in the order made. Each replaced lines `first`..`last` of the text before
 *  it (1-based) with `lines` + 1 lines; a change without a range replaced everything. A line
 *  an edit touched maps nowhere: what the analysis says of it is out of date.
 */
class EditsSince {
 public:
  /*! \brief Past this many edits the mapping gives up (everything counts as touched). */
  static constexpr size_t kLimit = 256;

  /*! \brief Records `change`, made to the text the previous one left. */
  void Add(const TextChange& change);
  /*! \brief Forgets every edit: the analysis is of the current text again. */
  void Clear();
  /*! \brief Whether nothing was edited since. */
  bool empty() const { return edits_.empty() && !everything_; }

  /*! \brief Current line `line` in the analysed text, or none when an edit touched it. */
  std::optional<int64_t> Back(int64_t line) const;
  /*!
   * \brief Analysed lines `first`..`last` in the current text, or none when an edit touched
   *  any of them.
   */
  std::optional<std::pair<int64_t, int64_t>> Forth(int64_t first, int64_t last) const;

 private:
  struct LineEdit {
    int64_t first;
    int64_t last;
    int64_t lines;  // line breaks in the new text
  };
  std::vector<LineEdit> edits_;
  bool everything_ = false;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_EDITS_SINCE_H_
