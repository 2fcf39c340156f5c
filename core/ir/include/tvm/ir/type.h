/*!
 * \file tvm/ir/type.h
 * \brief Types of expressions: the missing type, primitive types (a DataType), pointers and
 *  function types. Tensor types live in tensor_type.h because their shapes are expressions.
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

}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_TYPE_H_
