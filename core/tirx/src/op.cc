/*!
 * \file op.cc
 * \brief Expression builders with the typing rules of op.h, and their global functions
 *  ("tirx.op.add", ...) used by the Python operators.
 */
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/tensor_expr.h>

#include <utility>

#include "const_fold_internal.h"

namespace tvm {
namespace tirx {
namespace {

using ffi::DataType;

DataType DTypeOf(const Expr& e, const char* op) {
  if (!e.defined()) TVM_FFI_THROW(ValueError) << "Operand of `" << op << "` is None";
  if (const auto* prim = e->ty.as<ir::PrimTypeObj>()) return prim->dtype;
  TVM_FFI_THROW(TypeError) << "Operator `" << op
                           << "` needs operands of primitive type, got one of type `"
                           << (e->ty.defined() ? e->ty->GetTypeKey() : "None") << "`";
}

/*! \brief The DataType a builder is asked to produce; ValueError when the type is None. */
DataType TargetDType(const PrimType& ty, const char* builder) {
  if (!ty.defined()) TVM_FFI_THROW(ValueError) << "The type given to `" << builder << "` is None";
  return ty.dtype();
}

bool IsFloatKind(DataType dtype) { return dtype.is_floating_point(); }

/*! \brief Both operands checked as primitive, then brought to one type (MatchOperandTypes). */
void MatchTypes(Expr* a, Expr* b, const char* op) {
  DTypeOf(*a, op);
  DTypeOf(*b, op);
  MatchOperandTypes(a, b, op);
}

/*!
 * \brief A logical node: both operands must be bools (no number converts to one), then a
 *  scalar broadcasts to the other's lanes.
 */
template <typename TNode>
Expr OfBools(Expr a, Expr b, Span span, const char* op) {
  DataType ta = DTypeOf(a, op);
  DataType tb = DTypeOf(b, op);
  if (!ta.is_bool() || !tb.is_bool()) {
    TVM_FFI_THROW(TypeError) << "Operator `" << op << "` needs bool operands, got `"
                             << ta.ToString() << "` and `" << tb.ToString()
                             << "`: compare a number to get a bool (`x != 0`)";
  }
  MatchOperandTypes(&a, &b, op);
  return TNode(std::move(a), std::move(b), std::move(span));
}

/*! \brief Arithmetic, folded as the reference folds it (const_fold.cc) when it can be. */
template <typename TNode>
Expr Folded(FoldOp fold, Expr a, Expr b, Span span, const char* op) {
  MatchTypes(&a, &b, op);
  if (std::optional<Expr> folded = TryConstFold(fold, a, b, op)) return *folded;
  return TNode(std::move(a), std::move(b), std::move(span));
}

void RequireInteger(const Expr& e, const char* op) {
  DataType dtype = DTypeOf(e, op);
  if (!dtype.is_int() && !dtype.is_uint()) {
    TVM_FFI_THROW(TypeError) << "Operator `" << op << "` needs integer operands, got `"
                             << dtype.ToString() << "`";
  }
}

/*! \brief TypeError unless the operand is an integer or bool: the bitwise operators' kinds. */
void RequireBits(const Expr& e, const char* op) {
  DataType dtype = DTypeOf(e, op);
  if (!dtype.is_int() && !dtype.is_uint() && !dtype.is_bool()) {
    TVM_FFI_THROW(TypeError) << "Operator `" << op << "` needs integer or bool operands, got `"
                             << dtype.ToString() << "`";
  }
}

/*! \brief An arithmetic node of integers: both operands are checked before they are matched. */
template <typename TNode>
Expr OfIntegers(Expr a, Expr b, Span span, const char* op, FoldOp fold) {
  RequireInteger(a, op);
  RequireInteger(b, op);
  return Folded<TNode>(fold, std::move(a), std::move(b), std::move(span), op);
}

/*! \brief A bitwise node: integer or bool operands of one type. */
template <typename TNode>
Expr OfBits(Expr a, Expr b, Span span, const char* op, FoldOp fold) {
  RequireBits(a, op);
  RequireBits(b, op);
  return Folded<TNode>(fold, std::move(a), std::move(b), std::move(span), op);
}

}  // namespace

Expr MakeConst(PrimType ty, int64_t value, Span span) {
  DataType dtype = TargetDType(ty, "make_const");
  if (dtype.lanes() > 1) {
    return Broadcast(MakeConst(PrimType(dtype.element_of()), value), dtype.lanes(), span);
  }
  if (IsFloatKind(dtype)) {
    return FloatImm(std::move(ty), static_cast<double>(value), std::move(span));
  }
  return IntImm(std::move(ty), value, std::move(span));
}

Expr MakeConst(PrimType ty, double value, Span span) {
  DataType dtype = TargetDType(ty, "make_const");
  if (dtype.lanes() > 1) {
    return Broadcast(MakeConst(PrimType(dtype.element_of()), value), dtype.lanes(), span);
  }
  if (dtype.is_int() || dtype.is_uint() || dtype.is_bool()) {
    TVM_FFI_THROW(TypeError) << "Cannot make a " << dtype.ToString() << " constant from the float "
                             << value;
  }
  return FloatImm(std::move(ty), value, std::move(span));
}

std::optional<Expr> MakeLiteral(const ffi::AnyView& value, PrimType ty) {
  switch (value.type_index()) {
    case ffi::TypeIndex::kBool:
      return MakeConst(std::move(ty), int64_t{value.cast<bool>() ? 1 : 0});
    case ffi::TypeIndex::kInt:
      return MakeConst(std::move(ty), value.cast<int64_t>());
    case ffi::TypeIndex::kFloat:
      return MakeConst(std::move(ty), value.cast<double>());
    default:
      return std::nullopt;
  }
}

Expr CastTo(PrimType ty, Expr value, Span span) {
  if (DTypeOf(value, "cast") == TargetDType(ty, "cast")) return value;
  return Cast(std::move(ty), std::move(value), std::move(span));
}

Expr add(Expr a, Expr b, Span span) { return Folded<Add>(FoldOp::kAdd, a, b, span, "+"); }
Expr sub(Expr a, Expr b, Span span) { return Folded<Sub>(FoldOp::kSub, a, b, span, "-"); }
Expr mul(Expr a, Expr b, Span span) { return Folded<Mul>(FoldOp::kMul, a, b, span, "*"); }

Expr div(Expr a, Expr b, Span span) {
  // Matched first, so an integer literal divides a float (`1 / x`); the result must be a float.
  MatchTypes(&a, &b, "/");
  DataType ta = a.dtype();
  if (ta.is_int() || ta.is_uint()) {
    TVM_FFI_THROW(TypeError) << "Operator `/` is for floats; for `" << ta.ToString()
                             << "` use `//` (floordiv) or truncdiv";
  }
  if (!IsFloatKind(ta)) {
    TVM_FFI_THROW(TypeError) << "Operator `/` is for floats, got `" << ta.ToString() << "`";
  }
  return Folded<Div>(FoldOp::kDiv, a, b, span, "/");
}

Expr truncdiv(Expr a, Expr b, Span span) {
  return OfIntegers<Div>(a, b, span, "truncdiv", FoldOp::kTruncDiv);
}

Expr ceildiv(Expr a, Expr b, Span span) {
  RequireInteger(a, "ceildiv");
  RequireInteger(b, "ceildiv");
  MatchTypes(&a, &b, "ceildiv");
  // (a + b - 1) // b, as the reference builds it: no node of its own, so passes see a floordiv;
  // each step folds as its operator does.
  Expr rounded_up = sub(add(a, b), MakeConst(PrimType(a.dtype()), int64_t{1}));
  return floordiv(std::move(rounded_up), std::move(b), std::move(span));
}

Expr truncmod(Expr a, Expr b, Span span) {
  return OfIntegers<Mod>(a, b, span, "truncmod", FoldOp::kTruncMod);
}
Expr shift_left(Expr a, Expr b, Span span) {
  return OfIntegers<LShift>(a, b, span, "<<", FoldOp::kShiftLeft);
}
Expr shift_right(Expr a, Expr b, Span span) {
  return OfIntegers<RShift>(a, b, span, ">>", FoldOp::kShiftRight);
}
Expr bitwise_and(Expr a, Expr b, Span span) {
  return OfBits<BitwiseAnd>(a, b, span, "&", FoldOp::kBitwiseAnd);
}
Expr bitwise_or(Expr a, Expr b, Span span) {
  return OfBits<BitwiseOr>(a, b, span, "|", FoldOp::kBitwiseOr);
}
Expr bitwise_xor(Expr a, Expr b, Span span) {
  return OfBits<BitwiseXor>(a, b, span, "^", FoldOp::kBitwiseXor);
}
Expr bitwise_not(Expr a, Span span) {
  RequireBits(a, "~");
  return BitwiseNot(std::move(a), std::move(span));
}
Expr floordiv(Expr a, Expr b, Span span) {
  return OfIntegers<FloorDiv>(a, b, span, "//", FoldOp::kFloorDiv);
}
Expr floormod(Expr a, Expr b, Span span) {
  return OfIntegers<FloorMod>(a, b, span, "%", FoldOp::kFloorMod);
}
Expr min(Expr a, Expr b, Span span) { return Folded<Min>(FoldOp::kMin, a, b, span, "min"); }
Expr max(Expr a, Expr b, Span span) { return Folded<Max>(FoldOp::kMax, a, b, span, "max"); }
Expr equal(Expr a, Expr b, Span span) { return Folded<EQ>(FoldOp::kEQ, a, b, span, "=="); }
Expr not_equal(Expr a, Expr b, Span span) { return Folded<NE>(FoldOp::kNE, a, b, span, "!="); }
Expr less(Expr a, Expr b, Span span) { return Folded<LT>(FoldOp::kLT, a, b, span, "<"); }
Expr less_equal(Expr a, Expr b, Span span) { return Folded<LE>(FoldOp::kLE, a, b, span, "<="); }
Expr greater(Expr a, Expr b, Span span) { return Folded<GT>(FoldOp::kGT, a, b, span, ">"); }
Expr greater_equal(Expr a, Expr b, Span span) { return Folded<GE>(FoldOp::kGE, a, b, span, ">="); }
Expr logical_and(Expr a, Expr b, Span span) { return OfBools<And>(a, b, span, "and"); }
Expr logical_or(Expr a, Expr b, Span span) { return OfBools<Or>(a, b, span, "or"); }
Expr logical_not(Expr a, Span span) { return Not(std::move(a), std::move(span)); }

Expr neg(Expr a, Span span) {
  DataType dtype = DTypeOf(a, "-");
  if (dtype.is_uint() || dtype.is_bool()) {
    TVM_FFI_THROW(TypeError) << "Operator `-` cannot negate `" << dtype.ToString() << "`";
  }
  return mul(a, MakeConst(PrimType(dtype), int64_t{-1}), std::move(span));
}

namespace {

/*! \brief The value as an expression, or nullopt for literals and other values. */
std::optional<Expr> AsExpr(const ffi::AnyView& value) {
  std::optional<Expr> expr = value.try_cast<Expr>();
  if (expr.has_value() && expr->defined()) return expr;
  return std::nullopt;
}

/*! \brief A Python literal operand, typed as the reference types it (DefaultTypedLiteral). */
Expr LiteralFor(const ffi::AnyView& value, const char* op) {
  if (std::optional<Expr> literal = DefaultTypedLiteral(value)) return *literal;
  TVM_FFI_THROW(TypeError) << "Operator `" << op << "` cannot combine an expression with `"
                           << value.GetTypeKey() << "`";
}

/*! \brief How a builder types a Python literal beside an expression. */
enum class LiteralRule {
  kDefault,  // as the reference types literals (DefaultTypedLiteral), then matched
  kBitwise,  // `& | ^`: an int or bool takes the partner's integer type (BitLiteral)
  kShift,    // `<< >>`: an int takes the partner's integer type; a bool stays bool
};

/*!
 * \brief The reference's literal of a bitwise or shift operator: the integer, wrapped to 32 bits,
 *  as a constant of the partner's (integer or bool) type, or ValueError when it does not fit
 *  there. Against a float partner the literal keeps its default type, which the operator's
 *  check then rejects.
 */
Expr BitLiteral(const ffi::AnyView& value, const Expr& partner, LiteralRule rule, const char* op) {
  DataType to = DTypeOf(partner, op);
  DataType element = to.element_of();
  bool integer_partner = element.is_int() || element.is_uint() || element.is_bool();
  bool is_bool = value.type_index() == ffi::TypeIndex::kBool;
  if (!integer_partner || value.type_index() == ffi::TypeIndex::kFloat ||
      (is_bool && rule == LiteralRule::kShift)) {
    return LiteralFor(value, op);
  }
  if (!is_bool && value.type_index() != ffi::TypeIndex::kInt) return LiteralFor(value, op);
  int64_t number = is_bool ? int64_t{value.cast<bool>()} : value.cast<int64_t>();
  number = static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(number)));
  if (element.is_uint() && number < 0) {
    TVM_FFI_THROW(ValueError) << "Operator `" << op << "` cannot make a " << element.ToString()
                              << " constant from the negative literal " << number;
  }
  return MakeConst(PrimType(to), number);
}

using Builder = Expr (*)(Expr, Expr, Span);

/*! \brief Registers `tirx.op.<name>(a, b)` accepting literals on either side. */
void RegisterBinaryBuilder(const char* name, Builder builder, const char* op,
                           LiteralRule rule = LiteralRule::kDefault) {
  std::string global = std::string("tirx.op.") + name;
  ffi::Function::SetGlobal(
      global, ffi::Function::FromPacked([builder, op, rule](ffi::PackedArgs args, ffi::Any* rv) {
        if (args.size() != 2) {
          TVM_FFI_THROW(TypeError)
              << "Operator `" << op << "` takes 2 operands, got " << args.size();
        }
        std::optional<Expr> a = AsExpr(args[0]);
        std::optional<Expr> b = AsExpr(args[1]);
        if (!a.has_value() && !b.has_value()) {
          // Two Python numbers (`T.min(1, 2)`, `T.ceildiv(14, 4)`): the reference types the
          // first as a literal alone and folds the operation to a constant; so do we.
          a = DefaultTypedLiteral(args[0]);
          if (!a.has_value() || !DefaultTypedLiteral(args[1]).has_value()) {
            TVM_FFI_THROW(TypeError)
                << "Operator `" << op << "` needs an expression operand, got `"
                << args[0].GetTypeKey() << "` and `" << args[1].GetTypeKey() << "`";
          }
        }
        auto literal = [&](const ffi::AnyView& value, const Expr& partner) {
          if (rule == LiteralRule::kDefault) return LiteralFor(value, op);
          return BitLiteral(value, partner, rule, op);
        };
        Expr lhs = a.has_value() ? *a : literal(args[0], *b);
        Expr rhs = b.has_value() ? *b : literal(args[1], lhs);
        *rv = builder(lhs, rhs, Span::Unknown());
      }),
      {false, std::string("The typed builder behind `") + op + "`."});
}

TVM_FFI_STATIC_INIT_BLOCK() {
  RegisterBinaryBuilder("add", add, "+");
  RegisterBinaryBuilder("sub", sub, "-");
  RegisterBinaryBuilder("mul", mul, "*");
  RegisterBinaryBuilder("div", div, "/");
  RegisterBinaryBuilder("truncdiv", truncdiv, "truncdiv");
  RegisterBinaryBuilder("ceildiv", ceildiv, "ceildiv");
  RegisterBinaryBuilder("truncmod", truncmod, "truncmod");
  RegisterBinaryBuilder("shift_left", shift_left, "<<", LiteralRule::kShift);
  RegisterBinaryBuilder("shift_right", shift_right, ">>", LiteralRule::kShift);
  RegisterBinaryBuilder("bitwise_and", bitwise_and, "&", LiteralRule::kBitwise);
  RegisterBinaryBuilder("bitwise_or", bitwise_or, "|", LiteralRule::kBitwise);
  RegisterBinaryBuilder("bitwise_xor", bitwise_xor, "^", LiteralRule::kBitwise);
  RegisterBinaryBuilder("floordiv", floordiv, "//");
  RegisterBinaryBuilder("floormod", floormod, "%");
  RegisterBinaryBuilder("min", min, "min");
  RegisterBinaryBuilder("max", max, "max");
  RegisterBinaryBuilder("equal", equal, "==");
  RegisterBinaryBuilder("not_equal", not_equal, "!=");
  RegisterBinaryBuilder("less", less, "<");
  RegisterBinaryBuilder("less_equal", less_equal, "<=");
  RegisterBinaryBuilder("greater", greater, ">");
  RegisterBinaryBuilder("greater_equal", greater_equal, ">=");
  RegisterBinaryBuilder("logical_and", logical_and, "and");
  RegisterBinaryBuilder("logical_or", logical_or, "or");
  namespace refl = tvm::ffi::reflection;
  refl::GlobalDef()
      .def("tirx.op.logical_not", [](Expr a) { return logical_not(std::move(a)); })
      .def("tirx.op.neg", [](Expr a) { return neg(std::move(a)); })
      .def("tirx.op.bitwise_not", [](Expr a) { return bitwise_not(std::move(a)); })
      .def("tirx.op.cast", [](PrimType ty, Expr v) { return CastTo(std::move(ty), std::move(v)); })
      .def("tirx.op.default_typed_literal",
           [](ffi::AnyView value) -> ffi::Any {
             if (std::optional<Expr> literal = DefaultTypedLiteral(value)) return *literal;
             return value;
           })
      .def(
          "tirx.make_const",
          [](PrimType ty, ffi::AnyView value) -> Expr {
            if (value.type_index() == ffi::TypeIndex::kFloat) {
              return MakeConst(std::move(ty), value.cast<double>());
            }
            if (auto v = value.try_cast<int64_t>()) return MakeConst(std::move(ty), *v);
            TVM_FFI_THROW(TypeError) << "make_const needs an int, bool or float value, got `"
                                     << value.GetTypeKey() << "`";
          },
          "A constant of the type (IntImm or FloatImm).");
}

}  // namespace
}  // namespace tirx
}  // namespace tvm
