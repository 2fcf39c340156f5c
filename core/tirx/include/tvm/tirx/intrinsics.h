/*!
 * \file tvm/tirx/intrinsics.h
 * \brief Math intrinsics (exp, log, sqrt, tanh, pow, fabs, floor, ceil, round, ...) as
 *  registered operators "tirx.<name>" with type rules: float operands, result of the operand's
 *  type. They are ir::Calls of those operators.
 */
#ifndef TVM_TIRX_INTRINSICS_H_
#define TVM_TIRX_INTRINSICS_H_

#include <tvm/ir/call.h>
#include <tvm/tirx/expr.h>

#include <string>
#include <vector>

namespace tvm {
namespace tirx {

/*! \brief `tirx.<name>(args...)`; the op's type rule checks the arguments (TypeError). */
Expr CallIntrinsic(const std::string& name, ffi::Array<Expr> args, Span span = Span::Unknown());

/*! \return the names of the registered math intrinsics ("exp", "pow", ...). */
const std::vector<std::string>& MathIntrinsicNames();

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_INTRINSICS_H_
