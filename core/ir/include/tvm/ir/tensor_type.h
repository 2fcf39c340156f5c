/*!
 * \file tvm/ir/tensor_type.h
 * \brief The type of a tensor: element type, shape, strides, element offset, memory scope,
 *  alignment and layout (printed `T.Tensor((n,), T.float32)`).
 */
#ifndef TVM_IR_TENSOR_TYPE_H_
#define TVM_IR_TENSOR_TYPE_H_

#include <tvm/ffi/optional.h>
#include <tvm/ir/expr.h>

namespace tvm {
namespace ir {

class TensorTypeObj : public TypeObj {
 public:
  ffi::DataType dtype;
  /*! \brief Extents; symbols first seen here are defined by the enclosing region. */
  ffi::Array<Expr> shape;
  /*! \brief Empty for a compact row-major tensor. */
  ffi::Array<Expr> strides;
  /*! \brief Offset of the first element, in elements; None for zero. */
  ffi::Optional<Expr> elem_offset;
  ffi::String scope;
  /*! \brief Alignment of the data in bytes. */
  int64_t alignment = 64;
  /*! \brief A `tirx.Layout` (tvm/tirx/layout.h), the reference's `layout=`; None when absent. */
  ffi::Optional<ffi::ObjectRef> layout;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.TensorType", TensorTypeObj, TypeObj);
};

/*! \brief Options of a TensorType beyond dtype and shape. */
struct TensorTypeOptions {
  ffi::Array<Expr> strides;
  ffi::Optional<Expr> elem_offset;
  ffi::String scope = "global";
  int64_t alignment = 64;
  Span span = Span::Unknown();
  /*! \brief TypeError unless a `tirx.Layout` (the IR layer names no TIRx type). */
  ffi::Optional<ffi::ObjectRef> layout;
};

class TensorType : public Type {
 public:
  TensorType(ffi::DataType dtype, ffi::Array<Expr> shape, TensorTypeOptions options = {});
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(TensorType, Type, TensorTypeObj);
};

}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_TENSOR_TYPE_H_
