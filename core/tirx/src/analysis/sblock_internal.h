/*!
 * \file sblock_internal.h
 * \brief Helpers the S-TIR analyses share: relaxing a range and substituting variables.
 */
#ifndef TVM_TIRX_SRC_ANALYSIS_SBLOCK_INTERNAL_H_
#define TVM_TIRX_SRC_ANALYSIS_SBLOCK_INTERNAL_H_

#include <tvm/tirx/int_set.h>

#include <unordered_map>

namespace tvm {
namespace tirx {
namespace analysis {

/*! \brief The values of `[start, end)` when the variables of `domains` range over them. */
arith::IntervalSet RelaxedRange(const ir::Range& range, const arith::DomainMap& domains);

/*! \brief expr with each variable of `replacements` replaced, its linear part collected. */
Expr Substitute(const Expr& expr, const std::unordered_map<const ffi::Object*, Expr>& replacements);

}  // namespace analysis
}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_SRC_ANALYSIS_SBLOCK_INTERNAL_H_
