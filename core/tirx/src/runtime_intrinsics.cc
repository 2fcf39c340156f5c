/*!
 * \file runtime_intrinsics.cc
 * \brief The runtime builtins of lowered host code (the reference's `tirx.*` ops of the same
 *  names): stack_alloca, stack_make_shape, stack_make_dltensor (stack storage for packed-call
 *  arguments and DLTensors), abi_field_get / abi_field_set (fields of those structs) and
 *  static_handle (a per-module static slot). Each with its type rule; the result types are the
 *  reference's (a `T.Ptr` for the stack builtins, int32 for abi_field_set unless `ty=`, the
 *  given type for abi_field_get and static_handle).
 */
#include <tvm/tirx/intrinsic_spec.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using enum CallEffect;
using enum PrintStyle;

/*! \brief TypeError unless `arg` is an address: a pointer, or an integer (0 for a null one). */
void CheckAddress(const Expr& arg, const char* op, const char* field) {
  if (IsPointer(arg->ty)) return;
  const auto* prim = arg->ty.as<ir::PrimTypeObj>();
  if (prim != nullptr && (prim->dtype.is_int() || prim->dtype.is_uint()) &&
      prim->dtype.lanes() == 1) {
    return;
  }
  TVM_FFI_THROW(TypeError) << "`" << op << "` takes `" << field
                           << "` as a pointer (such as `A.data`) or an integer address";
}

/*!
 * \brief `T.stack_alloca("shape", n)`: `n` entries of a kind on the stack. The reference types
 *  "shape" as `T.Ptr(T.int64)`, "arg_tcode" as `T.Ptr(T.int32)`, every other kind untyped.
 */
Type StackAllocaRule(const ffi::Array<Expr>& args, const char* op) {
  const auto* kind = args[0].as<StringImmObj>();
  if (kind == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` takes the kind of entries as a string first "
                             << "(\"shape\", \"arg_value\", \"arg_tcode\", \"array\")";
  }
  IntegerDType(args[1], op, "num");
  ffi::DataType element = ffi::DataType::Void();
  if (kind->value == "shape") element = ffi::DataType::Int(64);
  if (kind->value == "arg_tcode") element = ffi::DataType::Int(32);
  return ir::PointerType(PrimType(element), "global");
}

/*! \brief `T.stack_make_shape(n, 4)`: the integer extents in an int64 array on the stack. */
Type StackMakeShapeRule(const ffi::Array<Expr>& args, const char* op) {
  for (const Expr& extent : args) IntegerDType(extent, op, "args");
  return ir::PointerType(PrimType(ffi::DataType::Int(64)), "global");
}

/*!
 * \brief `T.stack_make_dltensor(data, shape, strides, ndim, arr_dtype, elem_offset)`: a DLTensor
 *  on the stack; `arr_dtype` is any scalar of the element type (`T.float32` builds a zero).
 */
Type StackMakeDLTensorRule(const ffi::Array<Expr>& args, const char* op) {
  CheckAddress(args[0], op, "data");
  CheckAddress(args[1], op, "shape");
  CheckAddress(args[2], op, "strides");
  IntegerDType(args[3], op, "ndim");
  ScalarDType(args[4], op, "arr_dtype");
  IntegerDType(args[5], op, "elem_offset");
  return ir::PointerType(VoidType(), "global");
}

/*! \brief The operands of `T.abi_field_get(arr, index, field)`: a struct array and integers. */
void CheckFieldAccess(const ffi::Array<Expr>& args, const char* op) {
  CheckAddress(args[0], op, "arr");
  IntegerDType(args[1], op, "index");
  IntegerDType(args[2], op, "field");
}

/*! \brief `T.abi_field_get(arr, i, f, ty=T.int64)`: of the given type, Missing without one. */
Type AbiFieldGetRule(const ffi::Array<Expr>& args, const char* op) {
  CheckFieldAccess(args, op);
  return Type::Missing();
}

/*!
 * \brief `T.abi_field_set(arr, i, f, value)` of a scalar or pointer value: a statement, typed
 *  int32 as the reference's.
 */
Type AbiFieldSetRule(const ffi::Array<Expr>& args, const char* op) {
  CheckFieldAccess(args, op);
  if (!IsPointer(args[3]->ty)) ScalarDType(args[3], op, "value");
  return PrimType(ffi::DataType::Int(32));
}

/*! \brief `T.static_handle()`: of the given type (`ty=T.Ptr(T.void)`), Missing without one. */
Type StaticHandleRule(const ffi::Array<Expr>&, const char*) { return Type::Missing(); }

constexpr IntrinsicSpec kRuntimeIntrinsics[] = {
    {"stack_alloca", 2, 2, StackAllocaRule, kUpdateState, kCall,
     "entries of one kind allocated on the stack"},
    {"stack_make_shape", 0, kUnboundedArgs, StackMakeShapeRule, kUpdateState, kCall,
     "a shape (int64 extents) on the stack"},
    {"stack_make_dltensor", 6, 6, StackMakeDLTensorRule, kUpdateState, kCall,
     "a DLTensor built on the stack"},
    {"abi_field_set", 4, 4, AbiFieldSetRule, kUpdateState, kCallTyUnlessInt32,
     "sets a field of a struct in an array (a statement)"},
    {"abi_field_get", 3, 3, AbiFieldGetRule, kReadState, kCallTyUnlessMissing,
     "a field of a struct in an array, of the given type"},
    {"static_handle", 0, 0, StaticHandleRule, kSpecialCallArg, kCallTyUnlessMissing,
     "a static handle slot of the module"},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kRuntimeIntrinsics) RegisterIntrinsic(spec);
}

}  // namespace
}  // namespace tirx
}  // namespace tvm
