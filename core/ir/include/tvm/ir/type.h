/*!
 * \file tvm/ir/type.h
 * \brief Types of expressions: the missing type, primitive types (a DataType), pointers,
 *  function types, tuples, and the field-less types (any, None, opaque, string, tensor region).
 *  Tensor types live in tensor_type.h because their shapes are expressions.
 */
#ifndef TVM_IR_TYPE_H_
#define TVM_IR_TYPE_H_

#include <tvm/ffi/array.h>
#include <tvm/ffi/dtype.h>
#include <tvm/ffi/string.h>
#include <tvm/ir/span.h>

namespace tvm {
namespace ir {

/*! \brief Base of every type. */
class TypeObj : public ffi::Object {
 public:
  Span span = Span::Unknown();
  TVM_FFI_DECLARE_OBJECT_INFO("ir.Type", TypeObj, ffi::Object);
};

class Type : public ffi::ObjectRef {
 public:
  /*! \brief The type of an expression whose type nothing could deduce. */
  static Type Missing();
  bool is_missing() const;
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Type, ffi::ObjectRef, TypeObj);
};

/*! \brief "Nothing could deduce this type" (printed `T.Missing()`). */
class MissingTypeObj : public TypeObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.MissingType", MissingTypeObj, TypeObj);
};

/*! \brief A scalar or vector of one DataType (printed `T.int32`, `T.float32x4`). */
class PrimTypeObj : public TypeObj {
 public:
  ffi::DataType dtype;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.PrimType", PrimTypeObj, TypeObj);
};

class PrimType : public Type {
 public:
  explicit PrimType(ffi::DataType dtype, Span span = Span::Unknown());
  static PrimType Int(int bits, int lanes = 1) { return PrimType(ffi::DataType::Int(bits, lanes)); }
  static PrimType Float(int bits, int lanes = 1) {
    return PrimType(ffi::DataType::Float(bits, lanes));
  }
  static PrimType Bool(int lanes = 1) { return PrimType(ffi::DataType::Bool(lanes)); }
  ffi::DataType dtype() const { return get()->dtype; }
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(PrimType, Type, PrimTypeObj);
};

/*! \brief A pointer to elements of a type in a memory scope ("global", "shared", ...). */
class PointerTypeObj : public TypeObj {
 public:
  Type element_type;
  ffi::String scope;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.PointerType", PointerTypeObj, TypeObj);
};

class PointerType : public Type {
 public:
  PointerType(Type element_type, ffi::String scope = "global", Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(PointerType, Type, PointerTypeObj);
};

/*! \brief The type of a function: argument types and result type. */
class FuncTypeObj : public TypeObj {
 public:
  ffi::Array<Type> arg_types;
  Type ret_type;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.FuncType", FuncTypeObj, TypeObj);
};

class FuncType : public Type {
 public:
  FuncType(ffi::Array<Type> arg_types, Type ret_type, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(FuncType, Type, FuncTypeObj);
};

/*! \brief The top type, admitting any value (printed `T.Any()`): a `T.dtype(...)` value's. */
class AnyTypeObj : public TypeObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.AnyType", AnyTypeObj, TypeObj);
};

/*! \brief The type whose only value is None (printed `T.NoneType()`). */
class NoneTypeObj : public TypeObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.NoneType", NoneTypeObj, TypeObj);
};

/*!
 * \brief An opaque value that only script-level staging may hold: finished IR has none
 *  (printed `T.Opaque()`).
 */
class OpaqueTypeObj : public TypeObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.OpaqueType", OpaqueTypeObj, TypeObj);
};

/*! \brief A string value, whatever its calling convention (printed `T.String()`). */
class StringTypeObj : public TypeObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.StringType", StringTypeObj, TypeObj);
};

/*! \brief The type of a tensor region `A[0:4, j]` (printed `T.TensorRegionType()`). */
class TensorRegionTypeObj : public TypeObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.TensorRegionType", TensorRegionTypeObj, TypeObj);
};

/*! \brief The type of a tuple value: one type per field (printed `T.Tuple(T.int32, ...)`). */
class TupleTypeObj : public TypeObj {
 public:
  ffi::Array<Type> fields;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.TupleType", TupleTypeObj, TypeObj);
};

class TupleType : public Type {
 public:
  explicit TupleType(ffi::Array<Type> fields, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(TupleType, Type, TupleTypeObj);
};

}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_TYPE_H_
