/*!
 * \file type_check_internal.h
 * \brief Checks shared by the TIRx node constructors; every failure names the node and field.
 */
#ifndef TVM_TIRX_SRC_TYPE_CHECK_INTERNAL_H_
#define TVM_TIRX_SRC_TYPE_CHECK_INTERNAL_H_

#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/expr.h>

namespace tvm {
namespace tirx {

/*! \brief ValueError "`node.field` is None" for an undefined value. */
void CheckDefined(const ffi::ObjectRef& value, const char* node, const char* field);
/*! \brief The operand's DataType; ValueError when None, TypeError when not primitive. */
ffi::DataType OperandDType(const Expr& operand, const char* node, const char* field);
/*! \brief Like OperandDType, and TypeError for a vector. */
ffi::DataType ScalarDType(const Expr& operand, const char* node, const char* field);
/*! \brief TypeError unless the operand is a scalar integer. */
ffi::DataType IntegerDType(const Expr& operand, const char* node, const char* field);
/*! \brief TypeError unless the condition is bool. */
void CheckBool(const Expr& condition, const char* node, const char* field);
/*!
 * \brief Whether `value` is representable in the scalar integer or bool type `dtype` (the range
 *  an IntImm checks, and the one a constant fold must stay in; wide enough for a product of two
 *  int64 values).
 */
bool IntegerFits(ffi::DataType dtype, __int128 value);
/*! \brief ValueError unless 1 < lanes <= 65535. */
void CheckLanes(int64_t lanes, const char* node);
/*!
 * \brief Checks `tensor[indices]`: tensor-typed, one integer index per dimension.
 * \return the accessed element type (with the lanes of a vector index).
 */
ffi::DataType CheckTensorAccess(const Expr& tensor, const ffi::Array<Expr>& indices,
                                const char* node);

/*! \brief Whether the type is a pointer: a `T.Ptr(...)` or a `T.handle` value. */
bool IsPointer(const Type& ty);

/*! \brief The `void` type of a statement-like intrinsic. */
Type VoidType();

/*!
 * \brief The type rule of an intrinsic whose result has one type whatever its operands:
 *  `FixedResult<ffi::DataTypeCode::kUInt, 32>` is uint32, bits 0 the `void` of a statement.
 */
template <int Code, int Bits>
Type FixedResult(const ffi::Array<Expr>&, const char*) {
  if constexpr (Bits == 0) {
    return VoidType();
  } else {
    return PrimType(ffi::DataType(Code, Bits));
  }
}
using ffi::DataTypeCode;
constexpr auto VoidResult = FixedResult<DataTypeCode::kHandle, 0>;
constexpr auto Int32Result = FixedResult<DataTypeCode::kInt, 32>;
constexpr auto Int64Result = FixedResult<DataTypeCode::kInt, 64>;
constexpr auto UInt32Result = FixedResult<DataTypeCode::kUInt, 32>;
constexpr auto UInt64Result = FixedResult<DataTypeCode::kUInt, 64>;
constexpr auto Float32Result = FixedResult<DataTypeCode::kFloat, 32>;

/*! \brief TypeError unless a stored value has the accessed element type. */
void CheckStoredValue(const Expr& value, ffi::DataType element);

template <typename TObj>
ffi::ObjectPtr<TObj> MakeExprNode(Type ty, Span span) {
  ffi::ObjectPtr<TObj> node = ffi::make_object<TObj>();
  node->ty = std::move(ty);
  node->span = std::move(span);
  return node;
}

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_SRC_TYPE_CHECK_INTERNAL_H_
