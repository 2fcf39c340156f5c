/*!
 * \file tvm/tirx/op.h
 * \brief Building expressions with the typing rules (docs/ir-typing.md): `x * 2 + 1`.
 *
 * - A C++ literal adopts the type of the expression it meets (`x_i64 + 1` adds an int64 1);
 *   a Python literal through the global functions is typed as the reference types it
 *   (DefaultTypedLiteral) and then converted like any operand.
 * - Two operands of different types are converted as the reference converts them
 *   (MatchOperandTypes): a scalar broadcasts to a vector's lanes, a number converts to a
 *   float's type, the narrower of two integers or floats to the wider one.
 * - `/` is for floats; integers use floordiv (`//`) and floormod (`%`).
 */
#ifndef TVM_TIRX_OP_H_
#define TVM_TIRX_OP_H_

#include <tvm/tirx/expr.h>

#include <optional>

namespace tvm {
namespace tirx {

/*!
 * \brief A constant of the type: IntImm for int/uint/bool, FloatImm for floats, and a Broadcast
 *  of the scalar constant for a vector type.
 */
Expr MakeConst(PrimType ty, int64_t value, Span span = Span::Unknown());
Expr MakeConst(PrimType ty, double value, Span span = Span::Unknown());

/*!
 * \brief A literal (bool, int or float value) as a constant of `ty`; nullopt for any other value.
 *  TypeError for a float meeting an integer or bool type, ValueError when it does not fit.
 */
std::optional<Expr> MakeLiteral(const ffi::AnyView& value, PrimType ty);

/*! \brief value converted to ty: itself when the type already matches, else a Cast. */
Expr CastTo(PrimType ty, Expr value, Span span = Span::Unknown());

/*!
 * \brief value converted as the reference converts an operand or a stored value (implicit_cast.cc):
 *  itself when the type matches; a constant becomes a constant of ty when ty is an integer or
 *  bool type it fits in, or float16, bfloat16 or float32 (rounded to float32) within range;
 *  a Broadcast converts its value; anything else becomes a Cast.
 */
Expr ImplicitCast(PrimType ty, Expr value);

/*!
 * \brief A Python literal typed as the reference types it: a bool constant, an int32 constant
 *  (int64 when the value does not fit), a float32 constant (ValueError for a finite value beyond
 *  float32's range); nullopt for any other value.
 */
std::optional<Expr> DefaultTypedLiteral(const ffi::AnyView& value);

/*!
 * \brief Brings two operands of primitive type to one type as the reference does: a scalar
 *  broadcasts to the other's lanes; a number (integer or bool) converts to the other's float
 *  type; of two floats or two integers the narrower converts to the wider (a bool is the
 *  narrowest), at one width a signed integer to the unsigned type and else the right operand to
 *  the left's type. TypeError naming `op` for handles, void and different lane counts.
 */
void MatchOperandTypes(Expr* a, Expr* b, const char* op);

Expr add(Expr a, Expr b, Span span = Span::Unknown());
Expr sub(Expr a, Expr b, Span span = Span::Unknown());
Expr mul(Expr a, Expr b, Span span = Span::Unknown());
/*! \brief Float division; TypeError for integers (use floordiv or truncdiv). */
Expr div(Expr a, Expr b, Span span = Span::Unknown());
/*! \brief Integer division rounding toward zero (C semantics): a Div node of integers. */
Expr truncdiv(Expr a, Expr b, Span span = Span::Unknown());
/*! \brief Integer division rounding up, built as `(a + b - 1) // b` (no node of its own). */
Expr ceildiv(Expr a, Expr b, Span span = Span::Unknown());
/*! \brief Truncated division remainder (C semantics). */
Expr truncmod(Expr a, Expr b, Span span = Span::Unknown());
/*! \brief `a << b` and `a >> b` of integers (LShift, RShift nodes). */
Expr shift_left(Expr a, Expr b, Span span = Span::Unknown());
Expr shift_right(Expr a, Expr b, Span span = Span::Unknown());
/*! \brief `a & b`, `a | b`, `a ^ b`, `~a` of integers or bools (the Bitwise* nodes). */
Expr bitwise_and(Expr a, Expr b, Span span = Span::Unknown());
Expr bitwise_or(Expr a, Expr b, Span span = Span::Unknown());
Expr bitwise_xor(Expr a, Expr b, Span span = Span::Unknown());
Expr bitwise_not(Expr a, Span span = Span::Unknown());
Expr floordiv(Expr a, Expr b, Span span = Span::Unknown());
Expr floormod(Expr a, Expr b, Span span = Span::Unknown());
Expr min(Expr a, Expr b, Span span = Span::Unknown());
Expr max(Expr a, Expr b, Span span = Span::Unknown());
Expr equal(Expr a, Expr b, Span span = Span::Unknown());
Expr not_equal(Expr a, Expr b, Span span = Span::Unknown());
Expr less(Expr a, Expr b, Span span = Span::Unknown());
Expr less_equal(Expr a, Expr b, Span span = Span::Unknown());
Expr greater(Expr a, Expr b, Span span = Span::Unknown());
Expr greater_equal(Expr a, Expr b, Span span = Span::Unknown());
Expr logical_and(Expr a, Expr b, Span span = Span::Unknown());
Expr logical_or(Expr a, Expr b, Span span = Span::Unknown());
Expr logical_not(Expr a, Span span = Span::Unknown());
/*! \brief `-a`, built as `a * -1`. */
Expr neg(Expr a, Span span = Span::Unknown());

/*!
 * \brief Whether building this binary node again from its operands, with its operator's builder
 *  (add for Add, truncdiv for an integer Div, ...), would fold it or reject the operands: a raw
 *  `Add(x, 0)`, `Div(x, 0.0)`. Only its raw constructor reads back as the node then (the
 *  printer's concern). False for any other node, and for the logical nodes, which do not fold.
 */
bool FoldsWhenRebuilt(const Expr& node);

/*!
 * \brief |x| (math_builders.cc): `fabs` of a float, `Select(x >= 0, x, 0 - x)` of a signed
 *  integer, x itself for an unsigned one; TypeError for bool.
 */
Expr abs(Expr x, Span span = Span::Unknown());
/*! \brief Whether x is infinite: `fabs(x) == inf and not isnan(x)`; false for a scalar integer. */
Expr isinf(Expr x, Span span = Span::Unknown());
/*! \brief `not isinf(x) and not isnan(x)`; `not false` for a scalar integer. */
Expr isfinite(Expr x, Span span = Span::Unknown());
/*! \brief +inf of a scalar float type; TypeError otherwise. */
Expr infinity(PrimType ty, Span span = Span::Unknown());
/*! \brief The largest value of a scalar int, uint or float type; TypeError otherwise. */
Expr max_value(PrimType ty, Span span = Span::Unknown());
/*! \brief The smallest (most negative) value of a scalar int, uint or float type. */
Expr min_value(PrimType ty, Span span = Span::Unknown());

/*! \brief Operators over expressions and C++ literals (the literal adopts the other's type). */
#define TVM_TIRX_DEFINE_OPERATOR(Symbol, Builder)                                     \
  inline Expr operator Symbol(const Expr& a, const Expr& b) { return Builder(a, b); } \
  inline Expr operator Symbol(const Expr& a, int64_t b) {                             \
    return Builder(a, MakeConst(PrimType(a.dtype()), b));                             \
  }                                                                                   \
  inline Expr operator Symbol(int64_t a, const Expr& b) {                             \
    return Builder(MakeConst(PrimType(b.dtype()), a), b);                             \
  }                                                                                   \
  inline Expr operator Symbol(const Expr& a, int b) { return a Symbol int64_t{b}; }   \
  inline Expr operator Symbol(int a, const Expr& b) { return int64_t{a} Symbol b; }   \
  inline Expr operator Symbol(const Expr& a, double b) {                              \
    return Builder(a, MakeConst(PrimType(a.dtype()), b));                             \
  }                                                                                   \
  inline Expr operator Symbol(double a, const Expr& b) {                              \
    return Builder(MakeConst(PrimType(b.dtype()), a), b);                             \
  }

TVM_TIRX_DEFINE_OPERATOR(+, add)
TVM_TIRX_DEFINE_OPERATOR(-, sub)
TVM_TIRX_DEFINE_OPERATOR(*, mul)
TVM_TIRX_DEFINE_OPERATOR(/, div)
TVM_TIRX_DEFINE_OPERATOR(==, equal)
TVM_TIRX_DEFINE_OPERATOR(!=, not_equal)
TVM_TIRX_DEFINE_OPERATOR(<, less)
TVM_TIRX_DEFINE_OPERATOR(<=, less_equal)
TVM_TIRX_DEFINE_OPERATOR(>, greater)
TVM_TIRX_DEFINE_OPERATOR(>=, greater_equal)
TVM_TIRX_DEFINE_OPERATOR(&&, logical_and)
TVM_TIRX_DEFINE_OPERATOR(||, logical_or)
#undef TVM_TIRX_DEFINE_OPERATOR

inline Expr operator-(const Expr& a) { return neg(a); }
inline Expr operator!(const Expr& a) { return logical_not(a); }

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_OP_H_
