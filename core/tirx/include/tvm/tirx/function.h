/*!
 * \file tvm/tirx/function.h
 * \brief A TIRx function: parameters (a Pattern definition region: scalars, tensors, and the
 *  symbols inside their types), return type, body, attributes and a private flag.
 */
#ifndef TVM_TIRX_FUNCTION_H_
#define TVM_TIRX_FUNCTION_H_

#include <tvm/ffi/map.h>
#include <tvm/tirx/stmt.h>

namespace tvm {
namespace tirx {

class FunctionObj : public ExprObj {
 public:
  ffi::Array<Var> params;
  Type ret_type;
  Stmt body;
  /*! \brief Function attributes; "global_symbol" holds the name of a public function. */
  ffi::Map<ffi::String, ffi::Any> attrs;
  bool is_private = false;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.Function", FunctionObj, ExprObj);
};

/*! \brief What a Function has besides parameters and body. */
struct FunctionOptions {
  /*! \brief Null for a function that returns nothing. */
  Type ret_type;
  ffi::Map<ffi::String, ffi::Any> attrs;
  bool is_private = false;
  Span span = Span::Unknown();
};

class Function : public Expr {
 public:
  /*! \brief A function; its own `ty` stays Type::Missing() (see SignatureType). */
  Function(ffi::Array<Var> params, Stmt body, FunctionOptions options = {});
  /*! \brief FuncType(parameter types, return type). */
  ir::FuncType SignatureType() const;
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Function, Expr, FunctionObj);
};

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_FUNCTION_H_
