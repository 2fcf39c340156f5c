/*!
 * \file tvm/tirx/intrinsics.h
 * \brief Building calls of the intrinsics: the registered operators "tirx.<name>" (exp, pow,
 *  if_then_else, call_extern, ...). Each is declared once, by an IntrinsicSpec row
 *  (<tvm/tirx/intrinsic_spec.h>); a call is an ir::Call of its operator.
 */
#ifndef TVM_TIRX_INTRINSICS_H_
#define TVM_TIRX_INTRINSICS_H_

#include <tvm/ir/call.h>
#include <tvm/tirx/expr.h>

#include <string>

namespace tvm {
namespace tirx {

/*! \brief `tirx.<name>(args...)`; the op's type rule checks the arguments (TypeError). */
Expr CallIntrinsic(const std::string& name, ffi::Array<Expr> args, Span span = Span::Unknown());

/*!
 * \brief `tirx.reinterpret(value)` of type `ty`: the same bits read as another type; TypeError
 *  unless both types have the same total width.
 */
Expr Reinterpret(PrimType ty, Expr value, Span span = Span::Unknown());

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_INTRINSICS_H_
