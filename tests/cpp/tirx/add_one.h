// The guide's running example, built with constructors:
//   @T.function
//   def add_one[n](A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32)):
//       for i in range(n):
//           B[i] = A[i] + T.float32(1.0)
#ifndef TVM_LSP_TESTS_CPP_TIRX_ADD_ONE_H_
#define TVM_LSP_TESTS_CPP_TIRX_ADD_ONE_H_

#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/tensor_expr.h>

namespace tirx_test {

struct AddOne {
  tvm::ir::Var n, a, b, i;
  tvm::tirx::Function func;
};

/*! \brief A fresh add_one: every call makes new variables and nodes. */
inline AddOne MakeAddOne() {
  using namespace tvm::ir;
  using namespace tvm::tirx;
  namespace ffi = tvm::ffi;
  AddOne out;
  out.n = Var("n", PrimType::Int(32));
  TensorType tensor_ty(ffi::DataType::Float(32), {out.n});
  out.a = Var("A", tensor_ty);
  out.b = Var("B", tensor_ty);
  out.i = Var("i", PrimType::Int(32));
  Expr value = TensorLoad(out.a, {out.i}) + 1.0;
  Stmt store = TensorStore(out.b, {out.i}, value);
  Stmt loop = For(out.i, MakeConst(PrimType::Int(32), int64_t{0}), out.n,
                  MakeConst(PrimType::Int(32), int64_t{1}), store);
  FunctionOptions options;
  options.attrs = ffi::Map<ffi::String, ffi::Any>{{"global_symbol", ffi::String("add_one")}};
  out.func = Function({out.a, out.b}, loop, options);
  return out;
}

}  // namespace tirx_test

#endif  // TVM_LSP_TESTS_CPP_TIRX_ADD_ONE_H_
