/*!
 * \file tvm/tirx/tensor_expr.h
 * \brief Expressions over tensors and vectors: TensorLoad, Ramp, Broadcast, Shuffle, and the
 *  expression-level Let.
 */
#ifndef TVM_TIRX_TENSOR_EXPR_H_
#define TVM_TIRX_TENSOR_EXPR_H_

#include <tvm/ffi/array.h>
#include <tvm/tirx/expr.h>

namespace tvm {
namespace tirx {

/*! \brief `source[indices...]`; its type is the element type of source's TensorType. */
class TensorLoadObj : public ExprObj {
 public:
  Expr source;
  ffi::Array<Expr> indices;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.TensorLoad", TensorLoadObj, ExprObj);
};

class TensorLoad : public Expr {
 public:
  /*! \brief TypeError unless source is a tensor and the index count matches its rank. */
  TensorLoad(Expr source, ffi::Array<Expr> indices, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(TensorLoad, Expr, TensorLoadObj);
};

/*! \brief The vector base, base + stride, ..., of `lanes` elements. */
class RampObj : public ExprObj {
 public:
  Expr base;
  Expr stride;
  int64_t lanes = 1;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.Ramp", RampObj, ExprObj);
};

class Ramp : public Expr {
 public:
  Ramp(Expr base, Expr stride, int64_t lanes, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Ramp, Expr, RampObj);
};

/*! \brief A vector of `lanes` copies of a scalar. */
class BroadcastObj : public ExprObj {
 public:
  Expr value;
  int64_t lanes = 1;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.Broadcast", BroadcastObj, ExprObj);
};

class Broadcast : public Expr {
 public:
  Broadcast(Expr value, int64_t lanes, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Broadcast, Expr, BroadcastObj);
};

/*! \brief Lanes picked by index from the concatenation of the vectors. */
class ShuffleObj : public ExprObj {
 public:
  ffi::Array<Expr> vectors;
  ffi::Array<Expr> indices;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.Shuffle", ShuffleObj, ExprObj);
};

class Shuffle : public Expr {
 public:
  Shuffle(ffi::Array<Expr> vectors, ffi::Array<Expr> indices, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Shuffle, Expr, ShuffleObj);
};

/*! \brief `body` with `var` bound to `value` (var is a Simple definition). */
class LetObj : public ExprObj {
 public:
  Var var;
  Expr value;
  Expr body;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.Let", LetObj, ExprObj);
};

class Let : public Expr {
 public:
  Let(Var var, Expr value, Expr body, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Let, Expr, LetObj);
};

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_TENSOR_EXPR_H_
