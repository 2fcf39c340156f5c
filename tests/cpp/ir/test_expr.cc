#include <doctest/doctest.h>
#include <tvm/ffi/any.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/expr.h>
#include <tvm/ir/literal.h>

#include <string>

#include "ir_test_util.h"

using namespace tvm;
using ffi::DataType;
using ffi::Error;
using ffi::reflection::DefRegionKind;
using ir::Expr;
using ir::PrimType;
using ir::Range;
using ir::Span;
using ir::Type;
using ir::Var;
using ir_test::CheckFields;

TEST_SUITE("ir.Expr") {
  TEST_CASE("the base holds a span and a type, unknown and missing by default") {
    ffi::ObjectPtr<ir::ExprObj> node = ffi::make_object<ir::ExprObj>();
    CHECK(node->span.same_as(Span::Unknown()));
    CHECK(node->ty.same_as(Type::Missing()));
    CHECK(node->GetTypeKey() == "ir.Expr");
  }

  TEST_CASE("reflected fields: the span is ignored by equality, the type is not") {
    CheckFields("ir.Expr", "ffi.Object",
                {{"span", "ir.Span", DefRegionKind::kNone, true, true},
                 {"ty", "ir.Type", DefRegionKind::kNone, false, true}});
    const ffi::reflection::FieldInfo* ty =
        ffi::reflection::FindField(ir::ExprObj::RuntimeTypeIndex(), "ty");
    REQUIRE(ty != nullptr);
    REQUIRE(ty->default_value.has_value());
    CHECK(ty->default_value->cast<Type>().same_as(Type::Missing()));
  }

  TEST_CASE("dtype reads a primitive type and names any other") {
    Var x("x", PrimType::Int(64));
    CHECK(Expr(x).dtype() == DataType::Int(64));
    CHECK(Expr(x).ty().same_as(x->ty));
    Var m("m", Type::Missing());
    CHECK_THROWS_WITH_AS(m.dtype(),
                         "TypeError: Expected an expression of primitive type, got one of type "
                         "`ir.MissingType`",
                         Error);
    CHECK_THROWS_WITH_AS(Expr().dtype(), "ValueError: Expected an expression, got None", Error);
  }
}

TEST_SUITE("ir.Var") {
  TEST_CASE("a variable has a name, a type and a span") {
    PrimType i32 = PrimType::Int(32);
    Var x("x", i32);
    CHECK(x->name == "x");
    CHECK(x->ty.same_as(i32));
    CHECK(x->span.same_as(Span::Unknown()));
    CHECK(x->GetTypeKey() == "ir.Var");
    Span span("f.py", 1, 4, 1, 5);
    CHECK(Var("y", i32, span)->span.same_as(span));
  }

  TEST_CASE("identity is the object: two variables named x are different") {
    Var a("x", PrimType::Int(32));
    Var b("x", PrimType::Int(32));
    CHECK_FALSE(a.same_as(b));
    Var alias = a;
    CHECK(alias.same_as(a));
    CHECK(Expr(a).same_as(a));
  }

  TEST_CASE("a variable is an expression") {
    Var x("x", PrimType::Int(32));
    CHECK(x->IsInstance<ir::ExprObj>());
    CHECK(x->IsInstance<ir::VarObj>());
    CHECK(Expr(x).as<ir::VarObj>() == x.get());
    CHECK(ffi::Any(Expr(x)).cast<Var>().same_as(x));
  }

  TEST_CASE("a variable's type may be missing but not None") {
    CHECK(Var("t", Type::Missing())->ty.is_missing());
    CHECK_THROWS_WITH_AS(Var("t", Type()),
                         "ValueError: `ir.Var.ty` is None (an unknown type is the missing type)",
                         Error);
  }

  TEST_CASE("reflected fields: the name is ignored by equality") {
    CheckFields("ir.Var", "ir.Expr",
                {{"span", "ir.Span", DefRegionKind::kNone, true, true},
                 {"ty", "ir.Type", DefRegionKind::kNone, false, true},
                 {"name", "str", DefRegionKind::kNone, true, false}});
    const ffi::reflection::MethodInfo* init =
        ffi::reflection::FindMethod(ir::VarObj::RuntimeTypeIndex(), "__ffi_init__");
    REQUIRE(init != nullptr);
    PrimType i8 = PrimType::Int(8);
    Var v = init->func(ffi::String("v"), i8).cast<Var>();
    CHECK(v->name == "v");
    CHECK(v->ty.same_as(i8));
  }
}

TEST_SUITE("ir.Range") {
  TEST_CASE("start and end, and an unknown span by default") {
    Var a("a", PrimType::Int(32));
    Var b("b", PrimType::Int(32));
    Range range(a, b);
    CHECK(range->start.same_as(a));
    CHECK(range->end.same_as(b));
    CHECK(range->span.same_as(Span::Unknown()));
    CHECK(range->GetTypeKey() == "ir.Range");
    CHECK_FALSE(range->IsInstance<ir::ExprObj>());
  }

  TEST_CASE("reflected fields and constructor") {
    CheckFields("ir.Range", "ffi.Object",
                {{"start", "ir.Expr"},
                 {"end", "ir.Expr"},
                 {"span", "ir.Span", DefRegionKind::kNone, true, true}});
    Var a("a", PrimType::Int(32));
    const ffi::reflection::MethodInfo* init =
        ffi::reflection::FindMethod(ir::RangeObj::RuntimeTypeIndex(), "__ffi_init__");
    REQUIRE(init != nullptr);
    Range range = init->func(a, a).cast<Range>();
    CHECK(range->start.same_as(a));
    CHECK(range->end.same_as(a));
  }
}

TEST_SUITE("ir.literal") {
  TEST_CASE("a data type value is of the any type") {
    ir::DataTypeImm imm(DataType::Float(16));
    CHECK(imm->value == DataType::Float(16));
    CHECK(imm->ty->IsInstance<ir::AnyTypeObj>());
    CHECK(imm->GetTypeKey() == "ir.DataTypeImm");
  }

  TEST_CASE("a tuple is of the tuple type of its fields' types") {
    Var a("a", PrimType::Int(32));
    Var b("b", PrimType::Float(32));
    ir::Tuple tuple({a, b});
    const auto* ty = tuple->ty.as<ir::TupleTypeObj>();
    REQUIRE(ty != nullptr);
    REQUIRE(ty->fields.size() == 2);
    CHECK(ty->fields[0].same_as(a->ty));
    CHECK(ty->fields[1].same_as(b->ty));
    CHECK_THROWS_WITH_AS(ir::Tuple({a, Expr()}), "ValueError: A field of `ir.Tuple` is None",
                         Error);
  }

  TEST_CASE("a generic constant holds no number or string") {
    ir::GenericConst held(Type(ffi::make_object<ir::OpaqueTypeObj>()), ffi::Array<ffi::Any>{1, 2});
    CHECK(held->ty->IsInstance<ir::OpaqueTypeObj>());
    CHECK(held->value.as<ffi::ArrayObj>() != nullptr);
    for (ffi::Any value :
         {ffi::Any(1), ffi::Any(true), ffi::Any(2.5), ffi::Any(ffi::String("s"))}) {
      CHECK_THROWS_WITH_AS(ir::GenericConst(PrimType::Int(32), value),
                           doctest::Contains("does not hold a number or a str"), Error);
    }
  }
}
