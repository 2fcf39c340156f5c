/*!
 * \file type_check.cc
 * \brief Operand checks shared by the TIRx node constructors.
 */
#include <tvm/ir/tensor_type.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {

ffi::DataType OperandDType(const Expr& operand, const char* node, const char* field) {
  if (!operand.defined()) {
    TVM_FFI_THROW(ValueError) << "`" << node << "." << field << "` is None";
  }
  if (const auto* prim = operand->ty.as<ir::PrimTypeObj>()) return prim->dtype;
  TVM_FFI_THROW(TypeError) << "`" << node << "." << field
                           << "` must have a primitive type, got an expression of type `"
                           << (operand->ty.defined() ? operand->ty->GetTypeKey() : "None") << "`";
}

void CheckDefined(const ffi::ObjectRef& value, const char* node, const char* field) {
  if (!value.defined()) TVM_FFI_THROW(ValueError) << "`" << node << "." << field << "` is None";
}

ffi::DataType ScalarDType(const Expr& operand, const char* node, const char* field) {
  ffi::DataType dtype = OperandDType(operand, node, field);
  if (dtype.lanes() != 1) {
    TVM_FFI_THROW(TypeError) << "`" << node << "." << field << "` must be a scalar, got `"
                             << dtype.ToString() << "`";
  }
  return dtype;
}

ffi::DataType IntegerDType(const Expr& operand, const char* node, const char* field) {
  ffi::DataType dtype = ScalarDType(operand, node, field);
  if (!dtype.is_int() && !dtype.is_uint()) {
    TVM_FFI_THROW(TypeError) << "`" << node << "." << field << "` must be an integer, got `"
                             << dtype.ToString() << "`";
  }
  return dtype;
}

void CheckBool(const Expr& condition, const char* node, const char* field) {
  ffi::DataType dtype = OperandDType(condition, node, field);
  if (!dtype.is_bool()) {
    TVM_FFI_THROW(TypeError) << "`" << node << "." << field << "` must be bool, got `"
                             << dtype.ToString() << "`";
  }
}

bool IntegerFits(ffi::DataType dtype, __int128 value) {
  if (dtype.is_bool()) return value == 0 || value == 1;
  // An IntImm holds an int64: 64 bits and wider are bounded by that storage.
  int bits = dtype.bits() < 64 ? dtype.bits() : 64;
  if (dtype.is_uint()) {
    __int128 end = static_cast<__int128>(1) << (bits < 64 ? bits : 63);
    return value >= 0 && value < end;
  }
  __int128 limit = static_cast<__int128>(1) << (bits - 1);
  return value >= -limit && value < limit;
}

void CheckLanes(int64_t lanes, const char* node) {
  if (lanes <= 1 || lanes > 65535) {
    TVM_FFI_THROW(ValueError) << "`" << node << ".lanes` must be in 2..65535, got " << lanes;
  }
}

ffi::DataType CheckTensorAccess(const Expr& tensor, const ffi::Array<Expr>& indices,
                                const char* node) {
  if (!tensor.defined()) TVM_FFI_THROW(ValueError) << "`" << node << "` tensor is None";
  const auto* type = tensor->ty.as<ir::TensorTypeObj>();
  if (type == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << node << "` needs a tensor, got an expression of type `"
                             << (tensor->ty.defined() ? tensor->ty->GetTypeKey() : "None") << "`";
  }
  if (indices.size() != type->shape.size()) {
    TVM_FFI_THROW(TypeError) << "`" << node << "` of a " << type->shape.size() << "-d tensor needs "
                             << type->shape.size() << " indices, got " << indices.size();
  }
  int lanes = 1;
  for (const Expr& index : indices) {
    ffi::DataType t = OperandDType(index, node, "indices");
    if (!t.is_int() && !t.is_uint()) {
      TVM_FFI_THROW(TypeError) << "`" << node << "` indices must be integers, got `" << t.ToString()
                               << "`";
    }
    if (t.lanes() != 1) lanes = t.lanes();
  }
  return type->dtype.with_lanes(lanes * type->dtype.lanes());
}

void CheckStoredValue(const Expr& value, ffi::DataType element) {
  ffi::DataType tv = OperandDType(value, "tirx.TensorStore", "value");
  if (tv != element) {
    TVM_FFI_THROW(TypeError) << "`tirx.TensorStore` writes `" << tv.ToString()
                             << "` into elements of type `" << element.ToString() << "`";
  }
}

bool IsPointer(const Type& ty) {
  const auto* prim = ty.as<ir::PrimTypeObj>();
  return ty.as<ir::PointerTypeObj>() != nullptr || (prim != nullptr && prim->dtype.is_handle());
}

Type VoidType() { return PrimType(ffi::DataType::Void()); }

}  // namespace tirx
}  // namespace tvm
