/*!
 * \file math_builders.cc
 * \brief Math that builds existing nodes rather than an op of its own (op.h): abs, isinf,
 *  isfinite, and the typed constants infinity, max_value, min_value. Each builds what the
 *  reference builds, so passes and the printer see plain Select, And, Not and constants.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/intrinsics.h>
#include <tvm/tirx/op.h>

#include <cstdint>
#include <limits>
#include <utility>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using ffi::DataType;

bool IsFloatKind(DataType d) { return d.is_floating_point(); }

/*! \brief The scalar type of a typed-constant builder; TypeError for a vector or None. */
DataType ScalarTarget(const PrimType& ty, const char* builder) {
  if (!ty.defined()) TVM_FFI_THROW(ValueError) << "The type given to `" << builder << "` is None";
  DataType dtype = ty.dtype();
  if (dtype.lanes() != 1) {
    TVM_FFI_THROW(TypeError) << "`" << builder << "` needs a scalar type, got `" << dtype.ToString()
                             << "`";
  }
  return dtype;
}

/*! \brief The largest finite value of a float type of 16, 32 or 64 bits. */
double FloatMax(DataType dtype, const char* builder) {
  if (dtype.is_bfloat() && dtype.bits() == 16) return 3.38953139e38;
  if (dtype.is_float() && dtype.bits() == 16) return 65504.0;
  if (dtype.is_float() && dtype.bits() == 32) return std::numeric_limits<float>::max();
  if (dtype.is_float() && dtype.bits() == 64) return std::numeric_limits<double>::max();
  TVM_FFI_THROW(TypeError) << "`" << builder << "` has no value for `" << dtype.ToString() << "`";
}

enum class End { kLargest, kSmallest };

/*! \brief The value at one end of a type's range. */
Expr Extreme(const PrimType& ty, End end, Span span, const char* builder) {
  bool largest = end == End::kLargest;
  DataType dtype = ScalarTarget(ty, builder);
  if (dtype.is_int() && dtype.bits() <= 64) {
    int64_t max = dtype.bits() == 64 ? std::numeric_limits<int64_t>::max()
                                     : (int64_t{1} << (dtype.bits() - 1)) - 1;
    return MakeConst(ty, largest ? max : -max - 1, std::move(span));
  }
  if (dtype.is_uint() && dtype.bits() < 64) {
    return MakeConst(ty, largest ? (int64_t{1} << dtype.bits()) - 1 : int64_t{0}, std::move(span));
  }
  if (IsFloatKind(dtype)) {
    double max = FloatMax(dtype, builder);
    return MakeConst(ty, largest ? max : -max, std::move(span));
  }
  TVM_FFI_THROW(TypeError) << "`" << builder << "` has no value for `" << dtype.ToString() << "`";
}

}  // namespace

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::GlobalDef()
      .def(
          "tirx.op.abs", [](Expr x) { return abs(std::move(x)); }, "|x| (op.h)")
      .def(
          "tirx.op.isinf", [](Expr x) { return isinf(std::move(x)); }, "isinf (op.h)")
      .def(
          "tirx.op.isfinite", [](Expr x) { return isfinite(std::move(x)); }, "isfinite (op.h)")
      .def(
          "tirx.op.infinity", [](PrimType ty) { return infinity(std::move(ty)); }, "+inf of ty")
      .def(
          "tirx.op.max_value", [](PrimType ty) { return max_value(std::move(ty)); },
          "the largest value of ty")
      .def(
          "tirx.op.min_value", [](PrimType ty) { return min_value(std::move(ty)); },
          "the smallest value of ty");
}

Expr abs(Expr x, Span span) {
  DataType dtype = OperandDType(x, "abs", "x");
  if (IsFloatKind(dtype)) return CallIntrinsic("fabs", {std::move(x)}, std::move(span));
  if (dtype.is_uint()) return x;
  if (!dtype.is_int()) {
    TVM_FFI_THROW(TypeError) << "`abs` needs a number, got `" << dtype.ToString() << "`";
  }
  // 0 - x rather than neg's x * -1: the reference's form, so the IR compares equal.
  Expr zero = MakeConst(PrimType(dtype), int64_t{0});
  return Select(greater_equal(x, zero), x, sub(zero, x), std::move(span));
}

Expr isinf(Expr x, Span span) {
  DataType dtype = OperandDType(x, "isinf", "x");
  if (dtype.is_int() || dtype.is_uint()) {
    return MakeConst(PrimType(DataType::Bool(dtype.lanes())), int64_t{0}, std::move(span));
  }
  if (!IsFloatKind(dtype) || dtype.lanes() != 1) {
    TVM_FFI_THROW(TypeError) << "`isinf` needs a scalar number, got `" << dtype.ToString() << "`";
  }
  Expr magnitude = CallIntrinsic("fabs", {x});
  Expr infinite = equal(magnitude, infinity(PrimType(dtype)));
  return And(infinite, Not(CallIntrinsic("isnan", {x})), std::move(span));
}

Expr isfinite(Expr x, Span span) {
  DataType dtype = OperandDType(x, "isfinite", "x");
  if (dtype.lanes() != 1) {
    TVM_FFI_THROW(TypeError) << "`isfinite` needs a scalar, got `" << dtype.ToString() << "`";
  }
  if (dtype.is_int() || dtype.is_uint()) return Not(isinf(x), std::move(span));
  Expr not_infinite = Not(isinf(x));
  return And(not_infinite, Not(CallIntrinsic("isnan", {x})), std::move(span));
}

Expr infinity(PrimType ty, Span span) {
  DataType dtype = ScalarTarget(ty, "infinity");
  if (!IsFloatKind(dtype)) {
    TVM_FFI_THROW(TypeError) << "`infinity` needs a float type, got `" << dtype.ToString() << "`";
  }
  return MakeConst(std::move(ty), std::numeric_limits<double>::infinity(), std::move(span));
}

Expr max_value(PrimType ty, Span span) {
  return Extreme(ty, End::kLargest, std::move(span), "max_value");
}

Expr min_value(PrimType ty, Span span) {
  return Extreme(ty, End::kSmallest, std::move(span), "min_value");
}

}  // namespace tirx
}  // namespace tvm
