/*!
 * \file implicit_cast.cc
 * \brief The reference's implicit conversions (docs/ir-typing.md, section 2): how a Python
 *  literal is typed, how two operands of different types are brought to one, and how a
 *  converted constant folds. Recorded in tests/oracle_records/literals.json and types.json.
 */
#include <tvm/tirx/op.h>
#include <tvm/tirx/tensor_expr.h>

#include <cmath>
#include <limits>
#include <utility>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using ffi::DataType;

/*!
 * \brief The largest finite value of the float types a converted constant folds into; nullopt
 *  for the others (float64, float8 and narrower), which the reference leaves as a Cast.
 */
std::optional<double> FoldableFloatMax(DataType dtype) {
  if (dtype.is_float() && dtype.bits() == 16) return 65504.0;
  if (dtype.is_bfloat() && dtype.bits() == 16) return 3.3895313892515355e38;
  if (dtype.is_float() && dtype.bits() == 32) {
    return static_cast<double>(std::numeric_limits<float>::max());
  }
  return std::nullopt;
}

/*! \brief The constant `value` of a scalar type as one of scalar type `to`, when it folds. */
std::optional<Expr> FoldConstant(DataType to, const Expr& value) {
  if (to.is_int() || to.is_uint() || to.is_bool()) {  // a bool only from 0 or 1 (a store)
    if (const auto* imm = value.as<IntImmObj>(); imm && IntegerFits(to, imm->value)) {
      return IntImm(PrimType(to), imm->value, imm->span);
    }
    return std::nullopt;
  }
  std::optional<double> max = FoldableFloatMax(to);
  if (!max.has_value()) return std::nullopt;
  double number;
  if (const auto* imm = value.as<IntImmObj>()) {
    number = static_cast<double>(imm->value);
  } else if (const auto* imm = value.as<FloatImmObj>()) {
    number = imm->value;
  } else {
    return std::nullopt;
  }
  if (std::isfinite(number) && std::fabs(number) > *max) return std::nullopt;
  // float32 keeps the value rounded to float32, as the reference's conversion does.
  if (to.bits() == 32) number = static_cast<double>(static_cast<float>(number));
  return FloatImm(PrimType(to), number, value->span);
}

/*! \brief Width for choosing the narrower operand; a bool is narrower than every number. */
int RankBits(DataType dtype) { return dtype.is_bool() ? 1 : dtype.bits(); }

bool IsInteger(DataType dtype) { return dtype.is_int() || dtype.is_uint() || dtype.is_bool(); }

}  // namespace

Expr ImplicitCast(PrimType ty, Expr value) {
  DataType to = ty.dtype();
  DataType from = value.dtype();
  if (from == to) return value;
  if (to.lanes() == 1) {
    if (std::optional<Expr> folded = FoldConstant(to, value)) return *folded;
  } else if (const auto* broadcast = value.as<BroadcastObj>();
             broadcast && from.lanes() == to.lanes()) {
    return Broadcast(ImplicitCast(PrimType(to.element_of()), broadcast->value), to.lanes(),
                     value->span);
  }
  return Cast(std::move(ty), std::move(value));
}

std::optional<Expr> DefaultTypedLiteral(const ffi::AnyView& value) {
  switch (value.type_index()) {
    case ffi::TypeIndex::kBool:
      return IntImm(PrimType(DataType::Bool()), value.cast<bool>() ? 1 : 0);
    case ffi::TypeIndex::kInt: {
      int64_t number = value.cast<int64_t>();
      DataType dtype =
          IntegerFits(DataType::Int(32), number) ? DataType::Int(32) : DataType::Int(64);
      return IntImm(PrimType(dtype), number);
    }
    case ffi::TypeIndex::kFloat: {
      double number = value.cast<double>();
      if (std::isfinite(number) &&
          std::fabs(number) > static_cast<double>(std::numeric_limits<float>::max())) {
        TVM_FFI_THROW(ValueError) << "The float literal " << number
                                  << " does not fit in float32, the type of a float literal: "
                                     "write T.float64("
                                  << number << ")";
      }
      return FloatImm(PrimType(DataType::Float(32)), number);
    }
    default:
      return std::nullopt;
  }
}

void MatchOperandTypes(Expr* a, Expr* b, const char* op) {
  DataType ta = a->dtype();
  DataType tb = b->dtype();
  if (ta == tb) return;
  auto reject = [&](const char* why) {
    TVM_FFI_THROW(TypeError) << "Operator `" << op << "` cannot combine `" << ta.ToString()
                             << "` and `" << tb.ToString() << "`" << why;
  };
  if (ta.is_handle() || tb.is_handle() || ta.is_void() || tb.is_void()) {
    reject(": convert one operand with an explicit cast");
  }
  // A scalar meets a vector broadcast to its lanes; two vectors need one lane count.
  if (ta.lanes() == 1 && tb.lanes() != 1) {
    *a = Broadcast(*a, tb.lanes());
  } else if (tb.lanes() == 1 && ta.lanes() != 1) {
    *b = Broadcast(*b, ta.lanes());
  } else if (ta.lanes() != tb.lanes()) {
    reject(": the numbers of lanes differ");
  }
  DataType la = a->dtype();
  DataType lb = b->dtype();
  if (la == lb) return;
  auto convert = [](Expr* e, DataType to) { *e = ImplicitCast(PrimType(to), *e); };
  bool fa = la.is_floating_point();
  bool fb = lb.is_floating_point();
  if (fa != fb) {
    // A number meets a float: the number converts to the float's type.
    fa ? convert(b, la) : convert(a, lb);
  } else if (fa || (IsInteger(la) && IsInteger(lb))) {
    // Two floats, or two integers: the narrower converts to the wider; at one width a signed
    // integer converts to the unsigned one, and otherwise the right operand to the left's type.
    int wa = RankBits(la);
    int wb = RankBits(lb);
    if (wa < wb || (wa == wb && !fa && la.is_int() && lb.is_uint())) {
      convert(a, lb);
    } else {
      convert(b, la);
    }
  } else {
    reject(": convert one operand with an explicit cast");
  }
}

}  // namespace tirx
}  // namespace tvm
