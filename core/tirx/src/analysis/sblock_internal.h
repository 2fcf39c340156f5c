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
 * \brief The values a loop's variable takes, relaxed over `outer`: `[start, end - 1]` for a
 *  unit step (Apache's loop domain); exactly the first and last value for constant bounds and
 *  step (`range(0, 32, 3)` ends at 30, `range(8, 0, -2)` takes 8 down to 2); `[start, end - 1]`
 *  still for another positive constant step; everything for an unknown or negative symbolic one.
 */
arith::IntervalSet LoopValues(const ForObj* loop, const arith::DomainMap& outer);

/*! \brief expr with each variable of `replacements` replaced, its linear part collected. */
Expr Substitute(const Expr& expr, const std::unordered_map<const ffi::Object*, Expr>& replacements);

}  // namespace analysis
}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_SRC_ANALYSIS_SBLOCK_INTERNAL_H_
