/*!
 * \file sblock_internal.h
 * \brief Helpers the S-TIR analyses share: relaxing a range and substituting variables.
 */
#ifndef TVM_TIRX_SRC_ANALYSIS_SBLOCK_INTERNAL_H_
#define TVM_TIRX_SRC_ANALYSIS_SBLOCK_INTERNAL_H_

#include <tvm/tirx/int_set.h>
#include <tvm/tirx/stmt.h>

#include <unordered_map>

namespace tvm {
namespace tirx {
namespace analysis {

/*! \brief The values of `[start, end)` when the variables of `domains` range over them. */
arith::IntervalSet RelaxedRange(const ir::Range& range, const arith::DomainMap& domains);

/*!
 * \brief The values a loop's variable takes, relaxed over `outer`. A positive step gives
 *  `[start, end - 1]`, Apache's loop domain, which block completion must reproduce (Apache
 *  relaxes `range(0, 16, 4)` to `0:16`), or with `exact_last` and constant bounds the last value
 *  taken (`range(0, 32, 3)` ends at 30), which a check needs to report nothing false. A negative
 *  constant step gives its first to last value (`range(8, 0, -2)` is 2 to 8; Apache makes the
 *  reversed `8:0` of it); an unknown step any value.
 */
arith::IntervalSet LoopValues(const ForObj* loop, const arith::DomainMap& outer, bool exact_last);

/*! \brief expr with each variable of `replacements` replaced, its linear part collected. */
Expr Substitute(const Expr& expr, const std::unordered_map<const ffi::Object*, Expr>& replacements);

}  // namespace analysis
}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_SRC_ANALYSIS_SBLOCK_INTERNAL_H_
