#include <doctest/doctest.h>
#include <tvm/ffi/any.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/expr.h>

#include <functional>
#include <string>
#include <vector>

#include "../ir/ir_test_util.h"

using namespace tvm;
using namespace tvm::tirx;
using ffi::DataType;
using ffi::Error;
using ffi::reflection::DefRegionKind;
using ir_test::CheckFields;
using ir_test::FieldSpec;

namespace {

const FieldSpec kSpan{"span", "ir.Span", DefRegionKind::kNone, true, true};
const FieldSpec kTy{"ty", "ir.Type", DefRegionKind::kNone, false, true};

/*! \brief Calls the type's reflected `__ffi_init__`, as the bindings do. */
template <typename... Args>
ffi::Any Construct(const char* type_key, Args&&... args) {
  const ffi::reflection::TypeInfo* info = ffi::reflection::GetTypeInfo(type_key);
  REQUIRE(info != nullptr);
  const ffi::reflection::MethodInfo* init =
      ffi::reflection::FindMethod(info->type_index, "__ffi_init__");
  REQUIRE(init != nullptr);
  return init->func(std::forward<Args>(args)...);
}

/*! \brief One binary node kind: its key, its constructor and what its result type is. */
struct BinaryKind {
  const char* key;
  std::function<Expr(Expr, Expr)> make;
  enum { kArithmetic, kComparison, kLogical } rule;
};

template <typename TNode>
std::function<Expr(Expr, Expr)> Maker() {
  return [](Expr a, Expr b) { return TNode(std::move(a), std::move(b)); };
}

std::vector<BinaryKind> BinaryKinds() {
  return {
      {"prim.Add", Maker<Add>(), BinaryKind::kArithmetic},
      {"prim.Sub", Maker<Sub>(), BinaryKind::kArithmetic},
      {"prim.Mul", Maker<Mul>(), BinaryKind::kArithmetic},
      {"prim.Div", Maker<Div>(), BinaryKind::kArithmetic},
      {"prim.Mod", Maker<Mod>(), BinaryKind::kArithmetic},
      {"prim.FloorDiv", Maker<FloorDiv>(), BinaryKind::kArithmetic},
      {"prim.FloorMod", Maker<FloorMod>(), BinaryKind::kArithmetic},
      {"prim.Min", Maker<Min>(), BinaryKind::kArithmetic},
      {"prim.Max", Maker<Max>(), BinaryKind::kArithmetic},
      {"prim.EQ", Maker<EQ>(), BinaryKind::kComparison},
      {"prim.NE", Maker<NE>(), BinaryKind::kComparison},
      {"prim.LT", Maker<LT>(), BinaryKind::kComparison},
      {"prim.LE", Maker<LE>(), BinaryKind::kComparison},
      {"prim.GT", Maker<GT>(), BinaryKind::kComparison},
      {"prim.GE", Maker<GE>(), BinaryKind::kComparison},
      {"prim.And", Maker<And>(), BinaryKind::kLogical},
      {"prim.Or", Maker<Or>(), BinaryKind::kLogical},
  };
}

}  // namespace

TEST_SUITE("prim.IntImm") {
  TEST_CASE("an integer constant of its type") {
    IntImm five(PrimType::Int(64), 5);
    CHECK(five->value == 5);
    CHECK(five.dtype() == DataType::Int(64));
    CHECK(five->span.same_as(Span::Unknown()));
    CHECK(five->GetTypeKey() == "prim.IntImm");
    CHECK(five->IsInstance<ExprObj>());
    CHECK(IntImm(PrimType::Bool(), 1)->value == 1);
    CHECK(IntImm(PrimType(DataType::UInt(8)), 255)->value == 255);
    Span span("f.py", 1, 0, 1, 1);
    CHECK(IntImm(PrimType::Int(32), 0, span)->span.same_as(span));
  }

  TEST_CASE("the value must fit the type") {
    CHECK(IntImm(PrimType::Int(8), 127)->value == 127);
    CHECK(IntImm(PrimType::Int(8), -128)->value == -128);
    CHECK_THROWS_WITH_AS(IntImm(PrimType::Int(8), 128),
                         "ValueError: Value 128 does not fit in type int8", Error);
    CHECK_THROWS_WITH_AS(IntImm(PrimType::Int(8), -129),
                         "ValueError: Value -129 does not fit in type int8", Error);
    CHECK_THROWS_WITH_AS(IntImm(PrimType(DataType::UInt(8)), 256),
                         "ValueError: Value 256 does not fit in type uint8", Error);
    CHECK_THROWS_WITH_AS(IntImm(PrimType(DataType::UInt(8)), -1),
                         "ValueError: Value -1 does not fit in type uint8", Error);
    CHECK_THROWS_WITH_AS(IntImm(PrimType::Bool(), 2),
                         "ValueError: Value 2 does not fit in type bool", Error);
    CHECK_THROWS_WITH_AS(IntImm(PrimType::Bool(), -1),
                         "ValueError: Value -1 does not fit in type bool", Error);
    CHECK(IntImm(PrimType::Int(64), INT64_MAX)->value == INT64_MAX);
    CHECK(IntImm(PrimType::Int(64), INT64_MIN)->value == INT64_MIN);
    CHECK(IntImm(PrimType(DataType::UInt(64)), INT64_MAX)->value == INT64_MAX);
    CHECK_THROWS_WITH_AS(IntImm(PrimType(DataType::UInt(64)), -1),
                         "ValueError: Value -1 does not fit in type uint64", Error);
    CHECK_THROWS_WITH_AS(IntImm(PrimType::Int(32), int64_t{1} << 31),
                         "ValueError: Value 2147483648 does not fit in type int32", Error);
  }

  TEST_CASE("the type must be a scalar integer or bool") {
    CHECK_THROWS_WITH_AS(IntImm(PrimType::Float(32), 1),
                         "TypeError: IntImm needs a scalar int, uint or bool type, got float32",
                         Error);
    CHECK_THROWS_WITH_AS(IntImm(PrimType::Int(32, 4), 1),
                         "TypeError: IntImm needs a scalar int, uint or bool type, got int32x4",
                         Error);
    CHECK_THROWS_WITH_AS(IntImm(PrimType(), 1), "ValueError: `prim.IntImm.ty` is None", Error);
  }

  TEST_CASE("reflected fields and constructor") {
    CheckFields("prim.IntImm", "ir.Expr", {kSpan, kTy, {"value", "int"}});
    IntImm imm = Construct("prim.IntImm", PrimType::Int(16), 7).cast<IntImm>();
    CHECK(imm->value == 7);
    CHECK(imm.dtype() == DataType::Int(16));
  }
}

TEST_SUITE("prim.FloatImm") {
  TEST_CASE("a floating-point constant of its type") {
    FloatImm half(PrimType::Float(32), 0.5);
    CHECK(half->value == 0.5);
    CHECK(half.dtype() == DataType::Float(32));
    CHECK(half->GetTypeKey() == "prim.FloatImm");
    CHECK(FloatImm(PrimType(DataType::BFloat(16)), 1.0)->value == 1.0);
    CHECK(FloatImm(PrimType::Float(16), 2.0).dtype() == DataType::Float(16));
  }

  TEST_CASE("the type must be a scalar float") {
    CHECK_THROWS_WITH_AS(FloatImm(PrimType::Int(32), 1.0),
                         "TypeError: FloatImm needs a scalar float type, got int32", Error);
    CHECK_THROWS_WITH_AS(FloatImm(PrimType::Bool(), 1.0),
                         "TypeError: FloatImm needs a scalar float type, got bool", Error);
    CHECK_THROWS_WITH_AS(FloatImm(PrimType::Float(32, 4), 1.0),
                         "TypeError: FloatImm needs a scalar float type, got float32x4", Error);
    CHECK_THROWS_WITH_AS(FloatImm(PrimType(), 1.0), "ValueError: `prim.FloatImm.ty` is None",
                         Error);
  }

  TEST_CASE("reflected fields and constructor") {
    CheckFields("prim.FloatImm", "ir.Expr", {kSpan, kTy, {"value", "float"}});
    FloatImm imm = Construct("prim.FloatImm", PrimType::Float(64), 2.5).cast<FloatImm>();
    CHECK(imm->value == 2.5);
    CHECK(imm.dtype() == DataType::Float(64));
  }
}

TEST_SUITE("prim.StringImm") {
  TEST_CASE("a string constant has the string type, as the reference's") {
    StringImm s("hello");
    CHECK(s->value == "hello");
    CHECK(s->ty->IsInstance<ir::StringTypeObj>());
    CHECK(s->GetTypeKey() == "prim.StringImm");
  }

  TEST_CASE("reflected fields and constructor") {
    CheckFields("prim.StringImm", "ir.Expr", {kSpan, kTy, {"value", "str"}});
    StringImm s = Construct("prim.StringImm", ffi::String("abc")).cast<StringImm>();
    CHECK(s->value == "abc");
  }
}

TEST_SUITE("prim.Cast") {
  TEST_CASE("a cast has the target type and keeps its operand") {
    Var x("x", PrimType::Int(32));
    Cast cast(PrimType::Float(32), x);
    CHECK(cast->value.same_as(x));
    CHECK(cast.dtype() == DataType::Float(32));
    CHECK(cast->GetTypeKey() == "prim.Cast");
    // A node constructor builds what it is asked for, even a cast to the same type.
    CHECK(Cast(PrimType::Int(32), x)->value.same_as(x));
    Var v("v", PrimType::Int(8, 4));
    CHECK(Cast(PrimType::Int(32, 4), v).dtype() == DataType::Int(32, 4));
  }

  TEST_CASE("lanes must match, operands must be primitive and present") {
    Var v("v", PrimType::Int(32, 4));
    CHECK_THROWS_WITH_AS(Cast(PrimType::Int(32), v),
                         "TypeError: Cannot cast int32x4 to int32: the numbers of lanes differ",
                         Error);
    Var x("x", PrimType::Int(32));
    CHECK_THROWS_WITH_AS(Cast(PrimType::Float(32, 2), x),
                         "TypeError: Cannot cast int32 to float32x2: the numbers of lanes differ",
                         Error);
    CHECK_THROWS_WITH_AS(Cast(PrimType::Int(32), Expr()), "ValueError: `prim.Cast.value` is None",
                         Error);
    CHECK_THROWS_WITH_AS(Cast(PrimType(), x), "ValueError: `prim.Cast.ty` is None", Error);
    Var m("m", Type::Missing());
    CHECK_THROWS_WITH_AS(Cast(PrimType::Int(32), m),
                         "TypeError: `prim.Cast.value` must have a primitive type, got an "
                         "expression of type `ir.MissingType`",
                         Error);
  }

  TEST_CASE("reflected fields and constructor") {
    CheckFields("prim.Cast", "ir.Expr", {kSpan, kTy, {"value", "ir.Expr"}});
    Var x("x", PrimType::Int(32));
    Cast cast = Construct("prim.Cast", PrimType::Int(64), x).cast<Cast>();
    CHECK(cast->value.same_as(x));
    CHECK(cast.dtype() == DataType::Int(64));
  }
}

TEST_SUITE("prim.BinaryOp") {
  TEST_CASE("type keys, hierarchy and fields of every binary node") {
    CHECK(std::string(BinaryOpObj::_type_key) == "prim.BinaryOp");
    CheckFields("prim.BinaryOp", "ir.Expr", {kSpan, kTy, {"a", "ir.Expr"}, {"b", "ir.Expr"}});
    Var x("x", PrimType::Int(32));
    Var p("p", PrimType::Bool());
    for (const BinaryKind& kind : BinaryKinds()) {
      CAPTURE(kind.key);
      Var operand = kind.rule == BinaryKind::kLogical ? p : x;
      Expr node = kind.make(operand, operand);
      CHECK(node->GetTypeKey() == kind.key);
      CHECK(node->IsInstance<BinaryOpObj>());
      CHECK(node->IsInstance<ExprObj>());
      const auto* binary = node.as<BinaryOpObj>();
      REQUIRE(binary != nullptr);
      CHECK(binary->a.same_as(operand));
      CHECK(binary->b.same_as(operand));
      CheckFields(kind.key, "prim.BinaryOp", {kSpan, kTy, {"a", "ir.Expr"}, {"b", "ir.Expr"}});
      const ffi::reflection::TypeInfo* info = ffi::reflection::GetTypeInfo(kind.key);
      REQUIRE(info != nullptr);
      CHECK(info->final);
      Expr built = Construct(kind.key, operand, operand).cast<Expr>();
      CHECK(built->GetTypeKey() == kind.key);
      CHECK(built.as<BinaryOpObj>()->a.same_as(operand));
    }
    CHECK_FALSE(ffi::reflection::GetTypeInfo("prim.BinaryOp")->final);
    CHECK_FALSE(Expr(x)->IsInstance<BinaryOpObj>());
    CHECK_FALSE(Expr(Add(x, x))->IsInstance<MulObj>());
  }

  TEST_CASE("result types: operand type, or bool with the operand lanes") {
    Var x("x", PrimType::Int(64));
    Var v("v", PrimType::Float(32, 4));
    Var p("p", PrimType::Bool());
    Var pv("pv", PrimType::Bool(4));
    for (const BinaryKind& kind : BinaryKinds()) {
      CAPTURE(kind.key);
      switch (kind.rule) {
        case BinaryKind::kArithmetic:
          CHECK(kind.make(x, x)->ty.same_as(x->ty));
          CHECK(kind.make(v, v).dtype() == DataType::Float(32, 4));
          break;
        case BinaryKind::kComparison:
          CHECK(kind.make(x, x).dtype() == DataType::Bool());
          CHECK(kind.make(v, v).dtype() == DataType::Bool(4));
          break;
        case BinaryKind::kLogical:
          CHECK(kind.make(p, p).dtype() == DataType::Bool());
          CHECK(kind.make(pv, pv).dtype() == DataType::Bool(4));
          break;
      }
    }
  }

  TEST_CASE("constructors check and never promote: mismatched operand types") {
    Var i32("i", PrimType::Int(32));
    Var i64("j", PrimType::Int(64));
    Var f32("f", PrimType::Float(32));
    CHECK_THROWS_WITH_AS(Add(i32, i64),
                         "TypeError: `prim.Add` needs operands of one type, got `int32` and "
                         "`int64`",
                         Error);
    CHECK_THROWS_WITH_AS(Mul(f32, i32),
                         "TypeError: `prim.Mul` needs operands of one type, got `float32` and "
                         "`int32`",
                         Error);
    CHECK_THROWS_WITH_AS(LT(i64, i32),
                         "TypeError: `prim.LT` needs operands of one type, got `int64` and "
                         "`int32`",
                         Error);
    for (const BinaryKind& kind : BinaryKinds()) {
      CAPTURE(kind.key);
      std::string message = std::string("TypeError: `") + kind.key +
                            "` needs operands of one type, got `int32` and `float32`";
      CHECK_THROWS_WITH_AS(kind.make(i32, f32), message.c_str(), Error);
    }
  }

  TEST_CASE("logic needs bool operands") {
    Var x("x", PrimType::Int(32));
    CHECK_THROWS_WITH_AS(And(x, x), "TypeError: `prim.And` needs bool operands, got `int32`",
                         Error);
    Var f("f", PrimType::Float(32));
    CHECK_THROWS_WITH_AS(Or(f, f), "TypeError: `prim.Or` needs bool operands, got `float32`",
                         Error);
  }

  TEST_CASE("null and non-primitive operands") {
    Var x("x", PrimType::Int(32));
    CHECK_THROWS_WITH_AS(Add(Expr(), x), "ValueError: `prim.Add.a` is None", Error);
    CHECK_THROWS_WITH_AS(Sub(x, Expr()), "ValueError: `prim.Sub.b` is None", Error);
    Var m("m", Type::Missing());
    CHECK_THROWS_WITH_AS(Add(x, m),
                         "TypeError: `prim.Add.b` must have a primitive type, got an expression "
                         "of type `ir.MissingType`",
                         Error);
  }

  TEST_CASE("a span is kept") {
    Var x("x", PrimType::Int(32));
    Span span("f.py", 3, 1, 3, 6);
    CHECK(Add(x, x, span)->span.same_as(span));
    CHECK(Add(x, x)->span.same_as(Span::Unknown()));
  }
}

TEST_SUITE("prim.Not") {
  TEST_CASE("negation of a bool keeps the operand's type") {
    Var p("p", PrimType::Bool());
    Not n(p);
    CHECK(n->a.same_as(p));
    CHECK(n->ty.same_as(p->ty));
    CHECK(n->GetTypeKey() == "prim.Not");
    CHECK_FALSE(n->IsInstance<BinaryOpObj>());
    Var pv("pv", PrimType::Bool(4));
    CHECK(Not(pv).dtype() == DataType::Bool(4));
  }

  TEST_CASE("the operand must be a bool") {
    Var x("x", PrimType::Int(32));
    CHECK_THROWS_WITH_AS(Not{x}, "TypeError: `prim.Not` needs a bool operand, got `int32`", Error);
    CHECK_THROWS_WITH_AS(Not{Expr()}, "ValueError: `prim.Not.a` is None", Error);
  }

  TEST_CASE("reflected fields and constructor") {
    CheckFields("prim.Not", "ir.Expr", {kSpan, kTy, {"a", "ir.Expr"}});
    Var p("p", PrimType::Bool());
    Not n = Construct("prim.Not", p).cast<Not>();
    CHECK(n->a.same_as(p));
  }
}

TEST_SUITE("prim.Select") {
  TEST_CASE("a select has the branches' type") {
    Var c("c", PrimType::Bool());
    Var t("t", PrimType::Float(32));
    Var f("f", PrimType::Float(32));
    Select select(c, t, f);
    CHECK(select->condition.same_as(c));
    CHECK(select->true_value.same_as(t));
    CHECK(select->false_value.same_as(f));
    CHECK(select->ty.same_as(t->ty));
    CHECK(select->GetTypeKey() == "prim.Select");
  }

  TEST_CASE("the condition must be bool and the branches of one type") {
    Var c("c", PrimType::Bool());
    Var i("i", PrimType::Int(32));
    Var j("j", PrimType::Int(64));
    CHECK_THROWS_WITH_AS(Select(i, i, i),
                         "TypeError: `prim.Select.condition` must be bool, got `int32`", Error);
    CHECK_THROWS_WITH_AS(Select(c, i, j),
                         "TypeError: `prim.Select` needs branches of one type, got `int32` and "
                         "`int64`",
                         Error);
    CHECK_THROWS_WITH_AS(Select(c, Expr(), i), "ValueError: `prim.Select.true_value` is None",
                         Error);
    CHECK_THROWS_WITH_AS(Select(c, i, Expr()), "ValueError: `prim.Select.false_value` is None",
                         Error);
    CHECK_THROWS_WITH_AS(Select(Expr(), i, i), "ValueError: `prim.Select.condition` is None",
                         Error);
  }

  TEST_CASE("a vector condition picks lane by lane and needs the branches' lanes") {
    Var c("c", PrimType::Bool());
    Var c4("c4", PrimType(DataType::Bool(4)));
    Var c2("c2", PrimType(DataType::Bool(2)));
    Var v("v", PrimType::Float(32, 4));
    CHECK(Select(c, v, v)->ty.same_as(v->ty));
    CHECK(Select(c4, v, v)->ty.same_as(v->ty));
    CHECK_THROWS_WITH_AS(Select(c2, v, v),
                         "TypeError: `prim.Select.condition` has 2 lanes but the branches have 4",
                         Error);
  }

  TEST_CASE("reflected fields and constructor") {
    CheckFields("prim.Select", "ir.Expr",
                {kSpan,
                 kTy,
                 {"condition", "ir.Expr"},
                 {"true_value", "ir.Expr"},
                 {"false_value", "ir.Expr"}});
    Var c("c", PrimType::Bool());
    Var i("i", PrimType::Int(32));
    Select select = Construct("prim.Select", c, i, i).cast<Select>();
    CHECK(select->condition.same_as(c));
    CHECK(select->false_value.same_as(i));
  }
}

TEST_SUITE("prim.Expr") {
  TEST_CASE("type keys of every TIRx expression node") {
    CHECK(std::string(IntImmObj::_type_key) == "prim.IntImm");
    CHECK(std::string(FloatImmObj::_type_key) == "prim.FloatImm");
    CHECK(std::string(StringImmObj::_type_key) == "prim.StringImm");
    CHECK(std::string(CastObj::_type_key) == "prim.Cast");
    CHECK(std::string(NotObj::_type_key) == "prim.Not");
    CHECK(std::string(SelectObj::_type_key) == "prim.Select");
    CHECK(std::string(ir::VarObj::_type_key) == "ir.Var");
    CHECK(std::string(ir::ExprObj::_type_key) == "ir.Expr");
  }
}
