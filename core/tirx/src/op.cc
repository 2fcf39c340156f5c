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

bool SameIntegerKind(DataType a, DataType b) {
  return a.code() == b.code() && a.lanes() == b.lanes() && (a.is_int() || a.is_uint());
}

/*!
 * \brief Brings both operands to one type: equal types pass, integers of one signedness
 *  widen the narrower with a Cast, anything else is a TypeError naming op and both types.
 */
void MatchTypes(Expr* a, Expr* b, const char* op) {
  DataType ta = DTypeOf(*a, op);
  DataType tb = DTypeOf(*b, op);
  if (ta == tb) return;
  if (SameIntegerKind(ta, tb)) {
    // A constant widens to a constant of the wider type (as the reference folds it).
    auto widen = [](Expr* e, DataType to) {
      if (const auto* imm = e->as<IntImmObj>()) {
        *e = IntImm(PrimType(to), imm->value, imm->span);
      } else {
        *e = Cast(PrimType(to), *e);
      }
    };
    if (ta.bits() < tb.bits()) {
      widen(a, tb);
    } else {
      widen(b, ta);
    }
    return;
  }
  TVM_FFI_THROW(TypeError) << "Operator `" << op << "` cannot combine `" << ta.ToString()
                           << "` and `" << tb.ToString()
                           << "`: convert one operand with an explicit cast";
}

template <typename TNode>
Expr Arithmetic(Expr a, Expr b, Span span, const char* op) {
  MatchTypes(&a, &b, op);
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

/*! \brief An arithmetic node whose left operand must be an integer (the right one then matches). */
template <typename TNode>
Expr OfIntegers(Expr a, Expr b, Span span, const char* op, FoldOp fold) {
  RequireInteger(a, op);
  return Folded<TNode>(fold, std::move(a), std::move(b), std::move(span), op);
}

/*! \brief A bitwise node: integer or bool operands of one type. */
template <typename TNode>
Expr OfBits(Expr a, Expr b, Span span, const char* op, FoldOp fold) {
  RequireBits(a, op);
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
  DataType ta = DTypeOf(a, "/");
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
Expr logical_and(Expr a, Expr b, Span span) { return Arithmetic<And>(a, b, span, "and"); }
Expr logical_or(Expr a, Expr b, Span span) { return Arithmetic<Or>(a, b, span, "or"); }
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

/*! \brief A literal operand as a constant of the type of `partner`. */
Expr LiteralFor(const ffi::AnyView& value, const Expr& partner, const char* op) {
  if (std::optional<Expr> literal = MakeLiteral(value, PrimType(DTypeOf(partner, op)))) {
    return *literal;
  }
  TVM_FFI_THROW(TypeError) << "Operator `" << op << "` cannot combine an expression with `"
                           << value.GetTypeKey() << "`";
}

using Builder = Expr (*)(Expr, Expr, Span);

/*! \brief Registers `tirx.op.<name>(a, b)` accepting literals on either side. */
void RegisterBinaryBuilder(const char* name, Builder builder, const char* op) {
  std::string global = std::string("tirx.op.") + name;
  ffi::Function::SetGlobal(
      global, ffi::Function::FromPacked([builder, op](ffi::PackedArgs args, ffi::Any* rv) {
        if (args.size() != 2) {
          TVM_FFI_THROW(TypeError)
              << "Operator `" << op << "` takes 2 operands, got " << args.size();
        }
        std::optional<Expr> a = AsExpr(args[0]);
        std::optional<Expr> b = AsExpr(args[1]);
        if (!a.has_value() && !b.has_value()) {
          TVM_FFI_THROW(TypeError)
              << "Operator `" << op << "` needs an expression operand, got `"
              << args[0].GetTypeKey() << "` and `" << args[1].GetTypeKey() << "`";
        }
        Expr lhs = a.has_value() ? *a : LiteralFor(args[0], *b, op);
        Expr rhs = b.has_value() ? *b : LiteralFor(args[1], lhs, op);
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
  RegisterBinaryBuilder("shift_left", shift_left, "<<");
  RegisterBinaryBuilder("shift_right", shift_right, ">>");
  RegisterBinaryBuilder("bitwise_and", bitwise_and, "&");
  RegisterBinaryBuilder("bitwise_or", bitwise_or, "|");
  RegisterBinaryBuilder("bitwise_xor", bitwise_xor, "^");
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
