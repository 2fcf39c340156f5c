#include <doctest/doctest.h>
#include <tvm/ffi/any.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/function.h>
#include <tvm/ir/call.h>
#include <tvm/tirx/intrinsics.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/tensor_expr.h>

#include <cmath>
#include <string>

using namespace tvm;
using namespace tvm::tirx;
using ffi::DataType;
using ffi::Error;

namespace {

/*! \brief The node as a T; fails the test (instead of crashing) when it is something else. */
template <typename T>
T As(const Expr& expr) {
  REQUIRE(expr.defined());
  REQUIRE_MESSAGE(expr->IsInstance<typename T::ContainerType>(), "got ", expr->GetTypeKey());
  return expr.cast<T>();
}

/*! \brief Whether expr is an IntImm of the dtype holding value. */
bool IsIntImm(const Expr& expr, DataType dtype, int64_t value) {
  const auto* imm = expr.as<IntImmObj>();
  return imm != nullptr && expr.dtype() == dtype && imm->value == value;
}

/*! \brief Whether expr is a FloatImm of the dtype holding value. */
bool IsFloatImm(const Expr& expr, DataType dtype, double value) {
  const auto* imm = expr.as<FloatImmObj>();
  return imm != nullptr && expr.dtype() == dtype && imm->value == value;
}

/*! \brief Whether expr is Cast(dtype, value). */
bool IsCastOf(const Expr& expr, DataType dtype, const Expr& value) {
  const auto* cast = expr.as<CastObj>();
  return cast != nullptr && expr.dtype() == dtype && cast->value.same_as(value);
}

/*! \brief The name of the operator a Call calls ("" when it is not a Call of an Op). */
std::string CalledOp(const Expr& expr) {
  const auto* call = expr.as<ir::CallObj>();
  if (call == nullptr) return "";
  const auto* op = call->op.as<ir::OpObj>();
  return op == nullptr ? "" : std::string(op->name);
}

const DataType kI8 = DataType::Int(8);
const DataType kI32 = DataType::Int(32);
const DataType kI64 = DataType::Int(64);
const DataType kU8 = DataType::UInt(8);
const DataType kU32 = DataType::UInt(32);
const DataType kF32 = DataType::Float(32);
const DataType kBool = DataType::Bool();

}  // namespace

TEST_SUITE("tirx.op") {
  TEST_CASE("x * 2 + 1 builds Add(Mul(x, 2), 1) around the variable itself") {
    Var x("x", PrimType::Int(32));
    Expr expr = x * 2 + 1;
    Add add = As<Add>(expr);
    Mul mul = As<Mul>(add->a);
    CHECK(mul->a.same_as(x));
    CHECK(IsIntImm(mul->b, kI32, 2));
    CHECK(IsIntImm(add->b, kI32, 1));
    CHECK(expr.dtype() == kI32);
    CHECK(add->span.same_as(Span::Unknown()));
  }

  TEST_CASE("casting the result: back to Add succeeds, to Mul names both type keys") {
    Var x("x", PrimType::Int(32));
    Expr value = Expr(x * 2 + 1);
    Add again = value.cast<Add>();
    CHECK(again.same_as(value));
    CHECK(value.as<AddObj>() == again.get());
    CHECK(value.as<MulObj>() == nullptr);
    CHECK_THROWS_WITH_AS(value.cast<Mul>(),
                         "TypeError: Cannot convert from type `prim.Add` to `prim.Mul`", Error);
    try {
      (void)value.cast<Mul>();
      FAIL("no error");
    } catch (const Error& e) {
      CHECK(e.kind() == "TypeError");
      CHECK(e.message() == "Cannot convert from type `prim.Add` to `prim.Mul`");
    }
  }

  TEST_CASE("a literal adopts its partner's type, on either side") {
    Var y("y", PrimType::Int(64));
    Add add = As<Add>(y + 1);
    CHECK(add->a.same_as(y));
    CHECK(IsIntImm(add->b, kI64, 1));
    CHECK(add.dtype() == kI64);

    Sub sub = As<Sub>(2 - y);
    CHECK(IsIntImm(sub->a, kI64, 2));
    CHECK(sub->b.same_as(y));

    Var f("f", PrimType::Float(32));
    Mul mul = As<Mul>(f * 2);
    CHECK(mul->a.same_as(f));
    CHECK(IsFloatImm(mul->b, kF32, 2.0));
    CHECK(IsFloatImm(As<Add>(0.5 + f)->a, kF32, 0.5));
    CHECK(IsFloatImm(As<Sub>(f - 1.5)->b, kF32, 1.5));

    Var u("u", PrimType(kU8));
    CHECK(IsIntImm(As<Add>(u + 3)->b, kU8, 3));
    Var b("b", PrimType::Bool());
    CHECK(IsIntImm(As<And>(b && 1)->b, kBool, 1));
    CHECK(IsIntImm(As<Or>(0 || b)->a, kBool, 0));
  }

  TEST_CASE("a literal that does not fit its partner's type is an error") {
    Var x("x", PrimType::Int(32));
    CHECK_THROWS_WITH_AS(x + 0.5, "TypeError: Cannot make a int32 constant from the float 0.5",
                         Error);
    CHECK_THROWS_WITH_AS(x + (int64_t{1} << 40),
                         "ValueError: Value 1099511627776 does not fit in type int32", Error);
    Var u("u", PrimType(kU8));
    CHECK_THROWS_WITH_AS(u + 256, "ValueError: Value 256 does not fit in type uint8", Error);
    CHECK_THROWS_WITH_AS(u - (-1), "ValueError: Value -1 does not fit in type uint8", Error);
  }

  TEST_CASE("integers of one signedness widen: a Cast on the narrower, either side") {
    Var i8("a", PrimType(kI8));
    Var i32("b", PrimType(kI32));
    Add left = As<Add>(i8 + i32);
    CHECK(IsCastOf(left->a, kI32, i8));
    CHECK(left->b.same_as(i32));
    CHECK(left.dtype() == kI32);
    Add right = As<Add>(i32 + i8);
    CHECK(right->a.same_as(i32));
    CHECK(IsCastOf(right->b, kI32, i8));

    Var u8("c", PrimType(kU8));
    Var u32("d", PrimType(kU32));
    Mul mul = As<Mul>(u8 * u32);
    CHECK(IsCastOf(mul->a, kU32, u8));
    CHECK(mul->b.same_as(u32));
    CHECK(mul.dtype() == kU32);

    Var i64("e", PrimType(kI64));
    LT lt = As<LT>(i32 < i64);
    CHECK(IsCastOf(lt->a, kI64, i32));
    CHECK(lt->b.same_as(i64));
    CHECK(lt.dtype() == kBool);
    Max mx = As<Max>(max(i64, i8));
    CHECK(IsCastOf(mx->b, kI64, i8));
  }

  TEST_CASE("other mixes convert as the reference converts them") {
    Var i32("i", PrimType(kI32));
    Var u32("u", PrimType(kU32));
    Var f32("f", PrimType(kF32));
    Var b("b", PrimType::Bool());
    // At one width a signed integer converts to the unsigned type, on either side.
    Add mixed = As<Add>(i32 + u32);
    CHECK(IsCastOf(mixed->a, kU32, i32));
    CHECK(mixed->b.same_as(u32));
    CHECK(As<Add>(u32 + i32)->b->IsInstance<CastObj>());
    // A number converts to the float's type.
    Mul scaled = As<Mul>(i32 * f32);
    CHECK(IsCastOf(scaled->a, kF32, i32));
    CHECK(IsCastOf(As<Sub>(f32 - i32)->b, kF32, i32));
    // A bool is the narrowest integer.
    EQ eq = As<EQ>(i32 == b);
    CHECK(IsCastOf(eq->b, kI32, b));
    // The narrower float converts to the wider.
    Var f16("h", PrimType::Float(16));
    CHECK(IsCastOf(As<Add>(f32 + f16)->b, kF32, f16));
    // A scalar broadcasts to the vector's lanes.
    Var v("v", PrimType::Int(32, 4));
    Add lanes = As<Add>(v + i32);
    CHECK(lanes->b->IsInstance<BroadcastObj>());
    CHECK(lanes.dtype() == DataType::Int(32, 4));
    // A converted constant folds: an int32 constant meeting a uint32 is a uint32 constant.
    CHECK(IsIntImm(As<Add>(u32 + IntImm(PrimType(kI32), 3))->b, kU32, 3));
    // Vectors of different lane counts, and handles, do not meet.
    Var w("w", PrimType::Int(32, 8));
    CHECK_THROWS_WITH_AS(v + w,
                         "TypeError: Operator `+` cannot combine `int32x4` and `int32x8`: the "
                         "numbers of lanes differ",
                         Error);
    Var h("p", PrimType(DataType::Handle()));
    CHECK_THROWS_WITH_AS(h + i32,
                         "TypeError: Operator `+` cannot combine `handle` and `int32`: convert "
                         "one operand with an explicit cast",
                         Error);
  }

  TEST_CASE("division: `/` is for floats, integers use floordiv, floormod and truncmod") {
    Var x("x", PrimType(kI32));
    CHECK_THROWS_WITH_AS(x / 2,
                         "TypeError: Operator `/` is for floats; for `int32` use `//` (floordiv) "
                         "or truncdiv",
                         Error);
    CHECK_THROWS_WITH_AS(2 / x,
                         "TypeError: Operator `/` is for floats; for `int32` use `//` (floordiv) "
                         "or truncdiv",
                         Error);
    Var b("b", PrimType::Bool());
    CHECK_THROWS_WITH_AS(b / b, "TypeError: Operator `/` is for floats, got `bool`", Error);
    Var f("f", PrimType(kF32));
    Div div_node = As<Div>(f / 2);
    CHECK(IsFloatImm(div_node->b, kF32, 2.0));
    CHECK(As<Div>(1.0 / f).dtype() == kF32);

    FloorDiv fd = As<FloorDiv>(floordiv(x, IntImm(PrimType(kI32), 4)));
    CHECK(fd->a.same_as(x));
    CHECK(As<FloorMod>(floormod(x, x)).dtype() == kI32);
    CHECK(As<Mod>(truncmod(x, x)).dtype() == kI32);
    CHECK_THROWS_WITH_AS(floordiv(f, f),
                         "TypeError: Operator `//` needs integer operands, got `float32`", Error);
    CHECK_THROWS_WITH_AS(floormod(f, f),
                         "TypeError: Operator `%` needs integer operands, got `float32`", Error);
    CHECK_THROWS_WITH_AS(
        truncmod(b, b), "TypeError: Operator `truncmod` needs integer operands, got `bool`", Error);
    Var i8("c", PrimType(kI8));
    CHECK(IsCastOf(As<FloorDiv>(floordiv(i8, x))->a, kI32, i8));
  }

  TEST_CASE("-x builds Mul(x, -1) of x's type") {
    Var x("x", PrimType(kI32));
    Mul neg_x = As<Mul>(-x);
    CHECK(neg_x->a.same_as(x));
    CHECK(IsIntImm(neg_x->b, kI32, -1));
    Var f("f", PrimType(kF32));
    CHECK(IsFloatImm(As<Mul>(-f)->b, kF32, -1.0));
    Var i8("c", PrimType(kI8));
    CHECK(IsIntImm(As<Mul>(neg(i8))->b, kI8, -1));
    Var u("u", PrimType(kU32));
    CHECK_THROWS_WITH_AS(-u, "TypeError: Operator `-` cannot negate `uint32`", Error);
    Var b("b", PrimType::Bool());
    CHECK_THROWS_WITH_AS(-b, "TypeError: Operator `-` cannot negate `bool`", Error);
  }

  TEST_CASE("comparisons give bool with the operands' lanes") {
    Var x("x", PrimType(kI32));
    CHECK(As<EQ>(x == 1).dtype() == kBool);
    CHECK(As<NE>(x != 1).dtype() == kBool);
    CHECK(As<LT>(x < 1).dtype() == kBool);
    CHECK(As<LE>(x <= 1).dtype() == kBool);
    CHECK(As<GT>(1 > x).dtype() == kBool);
    CHECK(As<GE>(x >= x).dtype() == kBool);
    CHECK(As<EQ>(equal(x, x)).dtype() == kBool);
    CHECK(As<NE>(not_equal(x, x)).dtype() == kBool);
    CHECK(As<LT>(less(x, x)).dtype() == kBool);
    CHECK(As<LE>(less_equal(x, x)).dtype() == kBool);
    CHECK(As<GT>(greater(x, x)).dtype() == kBool);
    CHECK(As<GE>(greater_equal(x, x)).dtype() == kBool);
    Var v("v", PrimType::Float(32, 4));
    CHECK(As<LT>(v < v).dtype() == DataType::Bool(4));
    CHECK(IsIntImm(As<GT>(1 > x)->a, kI32, 1));
  }

  TEST_CASE("&& || ! on bools") {
    Var p("p", PrimType::Bool());
    Var q("q", PrimType::Bool());
    And both = As<And>(p && q);
    CHECK(both->a.same_as(p));
    CHECK(both->b.same_as(q));
    CHECK(both.dtype() == kBool);
    CHECK(As<Or>(p || q).dtype() == kBool);
    CHECK(As<And>(logical_and(p, q))->a.same_as(p));
    CHECK(As<Or>(logical_or(p, q))->b.same_as(q));
    Not n = As<Not>(!p);
    CHECK(n->a.same_as(p));
    CHECK(As<Not>(logical_not(q)).dtype() == kBool);
    Var x("x", PrimType(kI32));
    CHECK(As<And>((x < 1) && (x > 0)).dtype() == kBool);
    CHECK_THROWS_WITH_AS(x && x,
                         "TypeError: Operator `and` needs bool operands, got `int32` and `int32`: "
                         "compare a number to get a bool (`x != 0`)",
                         Error);
    CHECK_THROWS_WITH_AS(p || x,
                         "TypeError: Operator `or` needs bool operands, got `bool` and `int32`: "
                         "compare a number to get a bool (`x != 0`)",
                         Error);
    CHECK_THROWS_WITH_AS(!x, "TypeError: `prim.Not` needs a bool operand, got `int32`", Error);
  }

  TEST_CASE("min and max keep the operand type") {
    Var x("x", PrimType(kI64));
    Min lo = As<Min>(min(x, IntImm(PrimType(kI64), 0)));
    CHECK(lo->a.same_as(x));
    CHECK(lo.dtype() == kI64);
    Var y("y", PrimType(kI64));
    CHECK(As<Max>(max(x, y)).dtype() == kI64);
    // max(x, x) is x itself: the builders fold as the reference's do (const_fold.cc).
    CHECK(max(x, x).same_as(x));
  }

  TEST_CASE("builders refuse None and non-primitive operands") {
    Var x("x", PrimType(kI32));
    CHECK_THROWS_WITH_AS(add(Expr(), x), "ValueError: Operand of `+` is None", Error);
    CHECK_THROWS_WITH_AS(Expr() + 1, "ValueError: Expected an expression, got None", Error);
    Var m("m", Type::Missing());
    CHECK_THROWS_WITH_AS(mul(x, m),
                         "TypeError: Operator `*` needs operands of primitive type, got one of "
                         "type `ir.MissingType`",
                         Error);
    CHECK_THROWS_WITH_AS(m + 1,
                         "TypeError: Expected an expression of primitive type, got one of type "
                         "`ir.MissingType`",
                         Error);
  }

  TEST_CASE("a span given to a builder lands on the node") {
    Var x("x", PrimType(kI32));
    Span span("f.py", 2, 0, 2, 5);
    CHECK(add(x, x, span)->span.same_as(span));
    CHECK(logical_not(x < 1, span)->span.same_as(span));
    CHECK(neg(x, span)->span.same_as(span));
  }
}

TEST_SUITE("tirx.MakeConst") {
  TEST_CASE("IntImm for int, uint and bool; FloatImm for floats") {
    CHECK(IsIntImm(MakeConst(PrimType(kI32), int64_t{5}), kI32, 5));
    CHECK(IsIntImm(MakeConst(PrimType(kU8), int64_t{255}), kU8, 255));
    CHECK(IsIntImm(MakeConst(PrimType::Bool(), int64_t{1}), kBool, 1));
    CHECK(IsFloatImm(MakeConst(PrimType(kF32), int64_t{2}), kF32, 2.0));
    CHECK(IsFloatImm(MakeConst(PrimType(kF32), 0.25), kF32, 0.25));
    CHECK(IsFloatImm(MakeConst(PrimType(DataType::BFloat(16)), 1.0), DataType::BFloat(16), 1.0));
  }

  TEST_CASE("a vector type gets a Broadcast of the scalar constant") {
    Broadcast b = As<Broadcast>(MakeConst(PrimType::Int(32, 4), int64_t{3}));
    CHECK(b->lanes == 4);
    CHECK(b.dtype() == DataType::Int(32, 4));
    CHECK(IsIntImm(b->value, kI32, 3));
    Broadcast f = As<Broadcast>(MakeConst(PrimType::Float(32, 8), 0.5));
    CHECK(IsFloatImm(f->value, kF32, 0.5));
    Var v("v", PrimType::Int(32, 4));
    Add add = As<Add>(v + 1);
    CHECK(IsIntImm(As<Broadcast>(add->b)->value, kI32, 1));
    CHECK(As<Broadcast>(As<Mul>(-v)->b)->lanes == 4);
  }

  TEST_CASE("errors: a float for an integer type, a value out of range, no type") {
    CHECK_THROWS_WITH_AS(MakeConst(PrimType(kI32), 1.5),
                         "TypeError: Cannot make a int32 constant from the float 1.5", Error);
    CHECK_THROWS_WITH_AS(MakeConst(PrimType::Bool(), 1.0),
                         "TypeError: Cannot make a bool constant from the float 1", Error);
    CHECK_THROWS_WITH_AS(MakeConst(PrimType(kI8), int64_t{300}),
                         "ValueError: Value 300 does not fit in type int8", Error);
    CHECK_THROWS_WITH_AS(MakeConst(PrimType(kU8), int64_t{-1}),
                         "ValueError: Value -1 does not fit in type uint8", Error);
    CHECK_THROWS_WITH_AS(MakeConst(PrimType(), int64_t{1}),
                         "ValueError: The type given to `make_const` is None", Error);
    CHECK_THROWS_WITH_AS(MakeConst(PrimType(DataType::Handle()), int64_t{0}),
                         "TypeError: IntImm needs a scalar int, uint or bool type, got handle",
                         Error);
  }
}

TEST_SUITE("tirx.CastTo") {
  TEST_CASE("itself when the type matches, a Cast otherwise") {
    Var x("x", PrimType(kI32));
    CHECK(CastTo(PrimType(kI32), x).same_as(x));
    CHECK(IsCastOf(CastTo(PrimType(kI64), x), kI64, x));
    CHECK(IsCastOf(CastTo(PrimType(kF32), x), kF32, x));
    CHECK_THROWS_WITH_AS(CastTo(PrimType(), x), "ValueError: The type given to `cast` is None",
                         Error);
    CHECK_THROWS_WITH_AS(CastTo(PrimType(kI32), Expr()), "ValueError: Operand of `cast` is None",
                         Error);
    Var v("v", PrimType::Int(32, 4));
    CHECK_THROWS_WITH_AS(CastTo(PrimType(kF32), v),
                         "TypeError: Cannot cast int32x4 to float32: the numbers of lanes differ",
                         Error);
  }
}

TEST_SUITE("tirx.op globals") {
  TEST_CASE("tirx.op.<name> accepts literals on either side") {
    Var x("x", PrimType(kI64));
    ffi::Function add_fn = ffi::Function::GetGlobalRequired("tirx.op.add");
    Add left = As<Add>(add_fn(1, x).cast<Expr>());
    CHECK(IsIntImm(left->a, kI64, 1));
    CHECK(left->b.same_as(x));
    Add right = As<Add>(add_fn(x, true).cast<Expr>());
    CHECK(IsIntImm(right->b, kI64, 1));
    ffi::Function mul_fn = ffi::Function::GetGlobalRequired("tirx.op.mul");
    Var f("f", PrimType(kF32));
    CHECK(IsFloatImm(As<Mul>(mul_fn(f, 2).cast<Expr>())->b, kF32, 2.0));
    CHECK(IsFloatImm(As<Mul>(mul_fn(0.5, f).cast<Expr>())->a, kF32, 0.5));
  }

  TEST_CASE("every builder is registered under its name") {
    Var x("x", PrimType(kI32));
    Var y("y", PrimType(kI32));
    Var p("p", PrimType::Bool());
    Var q("q", PrimType::Bool());
    struct Case {
      const char* name;
      const char* key;
      bool logical;
    };
    const Case cases[] = {
        {"add", "prim.Add", false},           {"sub", "prim.Sub", false},
        {"mul", "prim.Mul", false},           {"truncmod", "prim.Mod", false},
        {"floordiv", "prim.FloorDiv", false}, {"floormod", "prim.FloorMod", false},
        {"min", "prim.Min", false},           {"max", "prim.Max", false},
        {"equal", "prim.EQ", false},          {"not_equal", "prim.NE", false},
        {"less", "prim.LT", false},           {"less_equal", "prim.LE", false},
        {"greater", "prim.GT", false},        {"greater_equal", "prim.GE", false},
        {"logical_and", "prim.And", true},    {"logical_or", "prim.Or", true},
    };
    for (const Case& c : cases) {
      CAPTURE(c.name);
      ffi::Function fn = ffi::Function::GetGlobalRequired(std::string("tirx.op.") + c.name);
      // Two distinct operands: `min(x, x)` folds to `x`.
      Var a = c.logical ? p : x;
      Var b = c.logical ? q : y;
      CHECK(fn(a, b).cast<Expr>()->GetTypeKey() == c.key);
    }
    Var f("f", PrimType(kF32));
    CHECK(ffi::Function::GetGlobalRequired("tirx.op.div")(f, f).cast<Expr>()->GetTypeKey() ==
          "prim.Div");
    CHECK(ffi::Function::GetGlobalRequired("tirx.op.logical_not")(p).cast<Expr>()->GetTypeKey() ==
          "prim.Not");
    CHECK(ffi::Function::GetGlobalRequired("tirx.op.neg")(x).cast<Expr>()->GetTypeKey() ==
          "prim.Mul");
    Expr cast = ffi::Function::GetGlobalRequired("tirx.op.cast")(PrimType(kI64), x).cast<Expr>();
    CHECK(IsCastOf(cast, kI64, x));
  }

  TEST_CASE("two Python numbers fold to a constant, as the reference folds them") {
    // `T.min(1, 2)`, `T.ceildiv(14, 4)`: the first typed alone, the second beside it.
    auto call = [](const char* name, ffi::AnyView a, ffi::AnyView b) {
      return ffi::Function::GetGlobalRequired(std::string("tirx.op.") + name)(a, b).cast<Expr>();
    };
    CHECK(IsIntImm(call("min", 1, 2), kI32, 1));
    CHECK(IsIntImm(call("max", 1, 2), kI32, 2));
    CHECK(IsIntImm(call("ceildiv", 14, 4), kI32, 4));
    CHECK(IsIntImm(call("truncdiv", -7, 2), kI32, -3));
    CHECK(IsFloatImm(call("max", 1, 2.5), kF32, 2.5));
  }

  TEST_CASE("bad operands of the globals") {
    ffi::Function add_fn = ffi::Function::GetGlobalRequired("tirx.op.add");
    Var x("x", PrimType(kI32));
    CHECK_THROWS_WITH_AS(add_fn("a", 2),
                         "TypeError: Operator `+` needs an expression operand, got `str` and "
                         "`int`",
                         Error);
    CHECK_THROWS_WITH_AS(add_fn(x, "a"),
                         "TypeError: Operator `+` cannot combine an expression with `str`", Error);
    CHECK_THROWS_WITH_AS(add_fn(x), "TypeError: Operator `+` takes 2 operands, got 1", Error);
    CHECK_THROWS_WITH_AS(add_fn(x, nullptr),
                         "TypeError: Operator `+` cannot combine an expression with `None`", Error);
  }

  TEST_CASE("tirx.make_const takes int, bool or float values") {
    ffi::Function make_const = ffi::Function::GetGlobalRequired("tirx.make_const");
    CHECK(IsIntImm(make_const(PrimType(kI64), 7).cast<Expr>(), kI64, 7));
    CHECK(IsIntImm(make_const(PrimType::Bool(), true).cast<Expr>(), kBool, 1));
    CHECK(IsFloatImm(make_const(PrimType(kF32), 1.5).cast<Expr>(), kF32, 1.5));
    CHECK(IsFloatImm(make_const(PrimType(kF32), 2).cast<Expr>(), kF32, 2.0));
    CHECK_THROWS_WITH_AS(make_const(PrimType(kI32), "a"),
                         "TypeError: make_const needs an int, bool or float value, got `str`",
                         Error);
    CHECK_THROWS_WITH_AS(make_const(PrimType(kI32), 2.5),
                         "TypeError: Cannot make a int32 constant from the float 2.5", Error);
  }
}

TEST_SUITE("tirx.math_builders") {
  TEST_CASE("ceildiv builds (a + b - 1) // b; truncdiv a Div of integers") {
    Var n("n", PrimType::Int(32));
    FloorDiv rounded = As<FloorDiv>(ceildiv(n, MakeConst(PrimType::Int(32), int64_t{32})));
    Sub numerator = As<Sub>(rounded->a);
    CHECK(As<Add>(numerator->a)->a.same_as(n));
    CHECK(As<Div>(truncdiv(n, n))->a.same_as(n));
    Var x("x", PrimType::Float(32));
    CHECK_THROWS_WITH_AS(truncdiv(x, x),
                         "TypeError: Operator `truncdiv` needs integer operands, got `float32`",
                         Error);
  }

  TEST_CASE("abs: fabs of a float, Select of a signed integer, itself of an unsigned one") {
    Var x("x", PrimType::Float(32));
    Var i("i", PrimType::Int(32));
    Var u("u", PrimType(DataType::UInt(32)));
    CHECK(CalledOp(abs(x)) == "tirx.fabs");
    Select select = As<Select>(abs(i));
    CHECK(As<GE>(select->condition)->a.same_as(i));
    CHECK(As<Sub>(select->false_value)->b.same_as(i));
    CHECK(abs(u).same_as(u));
    CHECK_THROWS_AS(abs(Var("b", PrimType::Bool())), Error);
  }

  TEST_CASE("isinf and isfinite of a float are built of fabs, isnan, and, not") {
    Var x("x", PrimType::Float(32));
    And inf = As<And>(isinf(x));
    CHECK(CalledOp(As<EQ>(inf->a)->a) == "tirx.fabs");
    CHECK(CalledOp(As<Not>(inf->b)->a) == "tirx.isnan");
    CHECK(As<And>(isfinite(x)).dtype() == DataType::Bool());
    CHECK(As<IntImm>(isinf(Var("i", PrimType::Int(32))))->value == 0);
  }

  TEST_CASE("typed constants: infinity of floats, max_value and min_value of numbers") {
    CHECK(std::isinf(As<FloatImm>(infinity(PrimType::Float(32)))->value));
    CHECK(As<IntImm>(max_value(PrimType::Int(64)))->value == INT64_MAX);
    CHECK(As<IntImm>(min_value(PrimType(DataType::Int(8))))->value == -128);
    CHECK(As<IntImm>(max_value(PrimType(DataType::UInt(32))))->value == 4294967295);
    CHECK(As<FloatImm>(min_value(PrimType(DataType::Float(16))))->value == -65504.0);
    CHECK_THROWS_WITH_AS(infinity(PrimType::Int(32)),
                         "TypeError: `infinity` needs a float type, got `int32`", Error);
    CHECK_THROWS_AS(max_value(PrimType::Bool()), Error);
  }

  TEST_CASE("shifts build LShift and RShift of integers") {
    Var i("i", PrimType::Int(32));
    CHECK(As<LShift>(shift_left(i, i))->a.same_as(i));
    CHECK(As<RShift>(shift_right(i, i)).dtype() == DataType::Int(32));
    CHECK_THROWS_AS(shift_left(Var("x", PrimType::Float(32)), i), Error);
  }

  TEST_CASE("bitwise operators take integers or bools of one type") {
    Var i("i", PrimType::Int(32));
    Var c("c", PrimType::Bool());
    CHECK(As<BitwiseAnd>(bitwise_and(i, i))->a.same_as(i));
    CHECK(As<BitwiseOr>(bitwise_or(c, c)).dtype() == DataType::Bool());
    CHECK(As<BitwiseNot>(bitwise_not(i))->a.same_as(i));
    CHECK_THROWS_WITH_AS(bitwise_xor(Var("x", PrimType::Float(32)), i),
                         "TypeError: Operator `^` needs integer or bool operands, got `float32`",
                         Error);
    // A bool meets an integer converted, as any two integers do.
    BitwiseAnd mixed = As<BitwiseAnd>(bitwise_and(i, c));
    CHECK(IsCastOf(mixed->b, DataType::Int(32), c));
  }

  TEST_CASE("reinterpret keeps the bits: the widths must agree") {
    Var x("x", PrimType::Float(32));
    Expr bits = Reinterpret(PrimType::Int(32), x);
    CHECK(CalledOp(bits) == "tirx.reinterpret");
    CHECK(bits.dtype() == DataType::Int(32));
    CHECK_THROWS_WITH_AS(Reinterpret(PrimType::Int(64), x),
                         "TypeError: `tirx.reinterpret` keeps the bits: `float32` cannot be read "
                         "as `int64` of another width",
                         Error);
  }

  TEST_CASE("the ruled intrinsics check their operands") {
    Var x("x", PrimType::Float(32));
    Var c("c", PrimType::Bool());
    CHECK(CallIntrinsic("isnan", {x}).dtype() == DataType::Bool());
    CHECK(CallIntrinsic("if_then_else", {c, x, x}).dtype() == DataType::Float(32));
    CHECK(CallIntrinsic("ldexp", {x, Var("e", PrimType::Int(32))}).dtype() == DataType::Float(32));
    CHECK_THROWS_AS(CallIntrinsic("ldexp", {x, x}), Error);
    CHECK(CallIntrinsic("fma", {x, x, x}).dtype() == DataType::Float(32));
    CHECK_THROWS_WITH_AS(CallIntrinsic("likely", {x}),
                         "TypeError: `tirx.likely.args` must be bool, got `float32`", Error);
    CHECK_THROWS_AS(CallIntrinsic("popcount", {x}), Error);
    CHECK_THROWS_AS(CallIntrinsic("if_then_else", {c, x, c}), Error);
  }
}
