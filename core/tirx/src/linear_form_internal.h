/*!
 * \file linear_form_internal.h
 * \brief Integer expressions as `c1*t1 + c2*t2 + ... + c0`: the small simplification the
 *  integer-set analysis and the region checks need (`(vi * 4 + 3) + 1` is `vi * 4 + 4`,
 *  `(i + 8) - i` is `8`). Apache TVM uses its full arithmetic analyzer here; this handles
 *  sums of constant multiples of terms, which is what block regions are made of.
 */
#ifndef TVM_TIRX_SRC_LINEAR_FORM_INTERNAL_H_
#define TVM_TIRX_SRC_LINEAR_FORM_INTERNAL_H_

#include <tvm/tirx/expr.h>

#include <optional>
#include <utility>
#include <vector>

namespace tvm {
namespace tirx {

/*! \brief sum(coefficient * term) + constant, of one scalar integer type. */
struct LinearForm {
  /*! \brief Terms in order of first appearance, each once (compared structurally). */
  std::vector<std::pair<Expr, int64_t>> terms;
  int64_t constant = 0;
  ffi::DataType dtype;
};

/*!
 * \brief The linear form of a scalar integer expression: Add, Sub, and Mul by a constant are
 *  opened, anything else is a term. nullopt for other types and when a coefficient overflows.
 */
std::optional<LinearForm> ToLinearForm(const Expr& expr);

/*! \brief The expression of a form: positive terms first, then the others, then the constant. */
Expr FromLinearForm(const LinearForm& form);

/*! \brief expr with its linear part collected; expr itself when it has no linear form. */
Expr SimplifyLinear(const Expr& expr);

/*!
 * \brief expr simplified as SimplifyLinear does, or nullopt when its sum of constants leaves
 *  its signed integer type (`2147483647 + 1` in int32): a bound that is no bound at all.
 */
std::optional<Expr> SimplifyBound(const Expr& expr);

/*! \brief `a - b` when it is a constant (`(i + 8) - i`), else nullopt. */
std::optional<int64_t> ConstantDifference(const Expr& a, const Expr& b);

/*!
 * \brief `x // c` for c > 0 when every term's coefficient is a multiple of c: the quotients of
 *  the terms plus the floor quotient of the constant (`(vi * 16 + 15) // 4` is `vi * 4 + 3`).
 */
std::optional<Expr> FloorDivLinear(const Expr& x, int64_t c);

/*! \brief Whether the expression is a scalar (signed or unsigned) integer. */
bool IsScalarInteger(const Expr& expr);

/*! \brief The value of an integer constant, else nullopt. */
std::optional<int64_t> IntConstant(const Expr& expr);

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_SRC_LINEAR_FORM_INTERNAL_H_
