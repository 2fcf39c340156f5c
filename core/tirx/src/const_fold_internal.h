/*!
 * \file const_fold_internal.h
 * \brief The folding the expression builders do as they build, as the reference does:
 *  `T.float32(2) / T.float32(4)` is `T.float32(0.5)`, `x * 1` is `x`, `x // 0` an error.
 */
#ifndef TVM_TIRX_SRC_CONST_FOLD_INTERNAL_H_
#define TVM_TIRX_SRC_CONST_FOLD_INTERNAL_H_

#include <tvm/tirx/expr.h>

#include <optional>

namespace tvm {
namespace tirx {

/*! \brief The builders that fold (docs/ir-typing.md, "Folding"). */
enum class FoldOp {
  kAdd,
  kSub,
  kMul,
  kDiv,  // `/` of floats
  kFloorDiv,
  kTruncDiv,
  kFloorMod,
  kTruncMod,
  kMin,
  kMax,
  kEQ,
  kNE,
  kLT,
  kLE,
  kGT,
  kGE,
  kBitwiseAnd,
  kBitwiseOr,
  kBitwiseXor,
  kShiftLeft,
  kShiftRight,
};

/*!
 * \brief The folded result of `op(a, b)` for operands of one type (after the builder matched
 *  them), or nullopt when the builder makes its node. Throws ValueError naming `symbol` for a
 *  division by a zero constant and a constant shift outside the operand's width.
 */
std::optional<Expr> TryConstFold(FoldOp op, const Expr& a, const Expr& b, const char* symbol);

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_SRC_CONST_FOLD_INTERNAL_H_
