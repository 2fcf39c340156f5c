/*!
 * \file const_fold.cc
 * \brief Folding at build time, rule for rule the reference's (apache-tvm-tirx 0.1.0a4, recorded
 *  in tests/oracle_records/folding.json):
 *  - two integer constants fold when the result fits the type (else the node stays: an int32
 *    overflow is not wrapped); `/`, `//` and truncdiv of constants fold too, `%` and the bitwise
 *    operators only on int32/int64 (and `%` on uint32), shifts only on int32/int64;
 *  - two float constants fold for float32 (rounded to float32) and float64, not for float16;
 *  - identities: `x + 0`, `0 + x`, `x - 0`, `x * 1`, `1 * x`, `x / 1`, `x // 1` are `x`; `x * 0`,
 *    `0 * x`, `0 / x`, `0 // x` are the zero; `x % 1` is 0 and `0 % x` is 0 where `%` folds
 *    (truncmod folds as `%` does, on int32/int64 only);
 *    `x << 0`, `x >> 0` are `x` on int32/int64; `min(x, x)` and `max(x, x)` are `x`;
 *  - comparisons, min and max of two constants fold for every type;
 *  - a constant zero divisor and a constant shift outside [0, bits) are errors.
 */
#include <tvm/tirx/op.h>

#include <cmath>
#include <limits>

#include "const_fold_internal.h"
#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using ffi::DataType;

bool IsIndex(DataType t) { return (t.is_int() && (t.bits() == 32 || t.bits() == 64)); }

Expr IntConst(const Expr& like, __int128 value) {
  return IntImm(like->ty.cast<PrimType>(), static_cast<int64_t>(value));
}

Expr FloatConst(const Expr& like, double value) {
  return FloatImm(like->ty.cast<PrimType>(), value);
}

Expr BoolConst(bool value) { return IntImm(PrimType(DataType::Bool()), value ? 1 : 0); }

bool IsZero(const IntImmObj* i, const FloatImmObj* f) {
  return (i != nullptr && i->value == 0) || (f != nullptr && f->value == 0);
}

bool IsOne(const IntImmObj* i, const FloatImmObj* f) {
  return (i != nullptr && i->value == 1) || (f != nullptr && f->value == 1);
}

[[noreturn]] void DivisionByZero(const char* symbol) {
  TVM_FFI_THROW(ValueError) << "Operator `" << symbol << "` divides by the constant zero";
}

}  // namespace

std::optional<Expr> TryConstFold(FoldOp op, const Expr& a, const Expr& b, const char* symbol) {
  const auto* prim = a->ty.as<ir::PrimTypeObj>();
  if (prim == nullptr || prim->dtype.lanes() != 1) return std::nullopt;
  DataType t = prim->dtype;
  const auto* ia = a.as<IntImmObj>();
  const auto* ib = b.as<IntImmObj>();
  const auto* fa = a.as<FloatImmObj>();
  const auto* fb = b.as<FloatImmObj>();
  bool ints = ia != nullptr && ib != nullptr;
  // float16 constants keep their node (the reference does not fold them).
  bool floats = fa != nullptr && fb != nullptr && t.is_float() && t.bits() >= 32;
  // float32 folds through double, rounded back, and only when the result fits float32: an
  // overflow keeps the node, as the reference does (float64's overflow folds to inf).
  auto fits_float = [&](double v) {
    return t.bits() != 32 || !std::isfinite(v) ||
           std::fabs(v) <= static_cast<double>(std::numeric_limits<float>::max());
  };
  auto rounded = [&](double v) {
    return t.bits() == 32 ? static_cast<double>(static_cast<float>(v)) : v;
  };
  switch (op) {
    case FoldOp::kAdd:
      if (ints && IntegerFits(t, static_cast<__int128>(ia->value) + ib->value)) {
        return IntConst(a, static_cast<__int128>(ia->value) + ib->value);
      }
      if (floats && fits_float(fa->value + fb->value)) {
        return FloatConst(a, rounded(fa->value + fb->value));
      }
      if (IsZero(ia, fa)) return b;
      if (IsZero(ib, fb)) return a;
      return std::nullopt;
    case FoldOp::kSub:
      if (ints && IntegerFits(t, static_cast<__int128>(ia->value) - ib->value)) {
        return IntConst(a, static_cast<__int128>(ia->value) - ib->value);
      }
      if (floats && fits_float(fa->value - fb->value)) {
        return FloatConst(a, rounded(fa->value - fb->value));
      }
      if (IsZero(ib, fb)) return a;
      return std::nullopt;
    case FoldOp::kMul:
      if (ints && IntegerFits(t, static_cast<__int128>(ia->value) * ib->value)) {
        return IntConst(a, static_cast<__int128>(ia->value) * ib->value);
      }
      if (floats && fits_float(fa->value * fb->value)) {
        return FloatConst(a, rounded(fa->value * fb->value));
      }
      if (IsOne(ia, fa)) return b;
      if (IsOne(ib, fb)) return a;
      if (IsZero(ia, fa)) return a;
      if (IsZero(ib, fb)) return b;
      return std::nullopt;
    case FoldOp::kDiv:
      if (IsZero(ib, fb)) DivisionByZero(symbol);
      if (floats && fits_float(fa->value / fb->value)) {
        return FloatConst(a, rounded(fa->value / fb->value));
      }
      if (IsZero(ia, fa)) return a;
      if (IsOne(ib, fb)) return a;
      return std::nullopt;
    case FoldOp::kFloorDiv:
    case FoldOp::kTruncDiv: {
      if (IsZero(ib, fb)) DivisionByZero(symbol);
      if (ints) {
        __int128 n = ia->value, d = ib->value;
        __int128 q = n / d;
        if (op == FoldOp::kFloorDiv && (n % d != 0) && ((n < 0) != (d < 0))) --q;
        if (IntegerFits(t, q)) return IntConst(a, q);
      }
      if (IsZero(ia, fa)) return a;
      if (IsOne(ib, fb)) return a;
      return std::nullopt;
    }
    case FoldOp::kFloorMod: {
      // An unsigned `x % 0` keeps its node (the reference checks only where it folds).
      if (IsZero(ib, fb) && (ints || !t.is_uint())) DivisionByZero(symbol);
      if (!IsIndex(t) && !t.is_uint()) return std::nullopt;
      if (ints) {
        __int128 n = ia->value, d = ib->value;
        __int128 r = n % d;
        if (r != 0 && ((r < 0) != (d < 0))) r += d;
        return IntConst(a, r);
      }
      // The identities hold on the index types only: `x % T.uint32(1)` keeps its node.
      if (!IsIndex(t)) return std::nullopt;
      if (IsZero(ia, fa)) return a;
      if (IsOne(ib, fb)) return IntConst(a, 0);
      return std::nullopt;
    }
    case FoldOp::kTruncMod: {
      // Only the index types fold (and check the divisor): `T.truncmod(T.int8(7), ...)` stays.
      if (!IsIndex(t)) return std::nullopt;
      if (IsZero(ib, fb)) DivisionByZero(symbol);
      if (ints) return IntConst(a, static_cast<__int128>(ia->value) % ib->value);
      if (IsZero(ia, fa)) return a;
      if (IsOne(ib, fb)) return IntConst(a, 0);
      return std::nullopt;
    }
    case FoldOp::kMin:
    case FoldOp::kMax: {
      bool min = op == FoldOp::kMin;
      if (ints) return (ia->value < ib->value) == min ? a : b;
      if (fa != nullptr && fb != nullptr) return (fa->value < fb->value) == min ? a : b;
      if (a.same_as(b)) return a;
      return std::nullopt;
    }
    case FoldOp::kEQ:
    case FoldOp::kNE:
    case FoldOp::kLT:
    case FoldOp::kLE:
    case FoldOp::kGT:
    case FoldOp::kGE: {
      double x, y;
      if (ints) {
        x = static_cast<double>(ia->value), y = static_cast<double>(ib->value);
        if (ia->value == ib->value) x = y;  // exact for values beyond 2 ** 53
      } else if (fa != nullptr && fb != nullptr) {
        x = fa->value, y = fb->value;
      } else {
        return std::nullopt;
      }
      bool lt = ints ? ia->value < ib->value : x < y;
      bool eq = ints ? ia->value == ib->value : x == y;
      switch (op) {
        case FoldOp::kEQ:
          return BoolConst(eq);
        case FoldOp::kNE:
          return BoolConst(!eq);
        case FoldOp::kLT:
          return BoolConst(lt);
        case FoldOp::kLE:
          return BoolConst(lt || eq);
        case FoldOp::kGT:
          return BoolConst(!lt && !eq);
        default:
          return BoolConst(!lt);
      }
    }
    case FoldOp::kBitwiseAnd:
    case FoldOp::kBitwiseOr:
    case FoldOp::kBitwiseXor: {
      if (!ints || !IsIndex(t)) return std::nullopt;
      int64_t x = ia->value, y = ib->value;
      if (op == FoldOp::kBitwiseAnd) return IntConst(a, x & y);
      if (op == FoldOp::kBitwiseOr) return IntConst(a, x | y);
      return IntConst(a, x ^ y);
    }
    case FoldOp::kShiftLeft:
    case FoldOp::kShiftRight: {
      if (!IsIndex(t)) return std::nullopt;
      if (ib != nullptr && (ib->value < 0 || ib->value >= t.bits())) {
        TVM_FFI_THROW(ValueError) << "Operator `" << symbol << "` shifts by " << ib->value
                                  << ", outside 0.." << t.bits() - 1 << " for `" << t.ToString()
                                  << "`";
      }
      if (ints) {
        // A left shift as a product: shifting a negative __int128 is best left undone.
        __int128 shifted = op == FoldOp::kShiftLeft ? static_cast<__int128>(ia->value) *
                                                          (static_cast<__int128>(1) << ib->value)
                                                    : static_cast<__int128>(ia->value >> ib->value);
        if (IntegerFits(t, shifted)) return IntConst(a, shifted);
      }
      if (ib != nullptr && ib->value == 0) return a;
      return std::nullopt;
    }
  }
  return std::nullopt;
}

namespace {

/*! \brief The folding operator that builds a node of this kind, or nullopt. */
std::optional<FoldOp> BuilderOf(const Expr& node) {
  if (node.as<AddObj>()) return FoldOp::kAdd;
  if (node.as<SubObj>()) return FoldOp::kSub;
  if (node.as<MulObj>()) return FoldOp::kMul;
  if (const auto* div = node.as<DivObj>()) {
    const auto* prim = div->a->ty.as<ir::PrimTypeObj>();
    bool floats = prim != nullptr && prim->dtype.is_floating_point();
    return floats ? FoldOp::kDiv : FoldOp::kTruncDiv;
  }
  if (node.as<ModObj>()) return FoldOp::kTruncMod;
  if (node.as<FloorDivObj>()) return FoldOp::kFloorDiv;
  if (node.as<FloorModObj>()) return FoldOp::kFloorMod;
  if (node.as<MinObj>()) return FoldOp::kMin;
  if (node.as<MaxObj>()) return FoldOp::kMax;
  if (node.as<EQObj>()) return FoldOp::kEQ;
  if (node.as<NEObj>()) return FoldOp::kNE;
  if (node.as<LTObj>()) return FoldOp::kLT;
  if (node.as<LEObj>()) return FoldOp::kLE;
  if (node.as<GTObj>()) return FoldOp::kGT;
  if (node.as<GEObj>()) return FoldOp::kGE;
  if (node.as<BitwiseAndObj>()) return FoldOp::kBitwiseAnd;
  if (node.as<BitwiseOrObj>()) return FoldOp::kBitwiseOr;
  if (node.as<BitwiseXorObj>()) return FoldOp::kBitwiseXor;
  if (node.as<LShiftObj>()) return FoldOp::kShiftLeft;
  if (node.as<RShiftObj>()) return FoldOp::kShiftRight;
  return std::nullopt;
}

}  // namespace

bool FoldsWhenRebuilt(const Expr& node) {
  std::optional<FoldOp> op = BuilderOf(node);
  if (!op.has_value()) return false;
  const auto* binary = node.as<BinaryOpObj>();
  // A raw node of mismatched operands is not the builders' either; it prints raw elsewhere.
  if (!binary->a.defined() || !binary->b.defined() || !binary->a->ty.same_as(binary->b->ty)) {
    const auto* ta = binary->a.defined() ? binary->a->ty.as<ir::PrimTypeObj>() : nullptr;
    const auto* tb = binary->b.defined() ? binary->b->ty.as<ir::PrimTypeObj>() : nullptr;
    if (ta == nullptr || tb == nullptr || ta->dtype != tb->dtype) return false;
  }
  try {
    return TryConstFold(*op, binary->a, binary->b, "").has_value();
  } catch (const ffi::Error&) {
    return true;  // a zero divisor or a wild shift: the builder would reject it
  }
}

}  // namespace tirx
}  // namespace tvm
