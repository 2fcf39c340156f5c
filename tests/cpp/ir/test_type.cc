#include <doctest/doctest.h>
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/span.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/ir/type.h>

#include <string>
#include <vector>

#include "ir_test_util.h"

using namespace tvm;
using ffi::DataType;
using ffi::reflection::DefRegionKind;
using ir::FuncType;
using ir::PointerType;
using ir::PrimType;
using ir::Span;
using ir::TensorType;
using ir::TensorTypeOptions;
using ir::Type;
using ir_test::CheckFields;
using ir_test::FieldSpec;

namespace {

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

}  // namespace

TEST_SUITE("ir.Span") {
  TEST_CASE("a span records its source range") {
    Span span("kernel.py", 3, 4, 3, 9);
    CHECK(span->source_name == "kernel.py");
    CHECK(span->start_line == 3);
    CHECK(span->start_column == 4);
    CHECK(span->end_line == 3);
    CHECK(span->end_column == 9);
    CHECK_FALSE(span.is_unknown());
    CHECK(span->GetTypeKey() == "ir.Span");
  }

  TEST_CASE("the unknown span is one shared object") {
    Span unknown = Span::Unknown();
    CHECK(unknown.same_as(Span::Unknown()));
    CHECK(unknown.is_unknown());
    CHECK(unknown->source_name == "");
    CHECK(unknown->start_line == 0);
    ffi::Function global = ffi::Function::GetGlobalRequired("ir.UnknownSpan");
    CHECK(global().cast<Span>().same_as(unknown));
  }

  TEST_CASE("reflected fields") {
    CheckFields("ir.Span", "ffi.Object",
                {{"source_name", "str"},
                 {"start_line", "int"},
                 {"start_column", "int"},
                 {"end_line", "int"},
                 {"end_column", "int"}});
    Span span = Construct("ir.Span", ffi::String("a.py"), 1, 2, 3, 4).cast<Span>();
    CHECK(span->source_name == "a.py");
    CHECK(span->start_column == 2);
    CHECK(span->end_column == 4);
  }
}

TEST_SUITE("ir.Type") {
  TEST_CASE("type keys and the hierarchy") {
    CHECK(Type::Missing()->GetTypeKey() == "ir.MissingType");
    CHECK(PrimType::Int(32)->GetTypeKey() == "ir.PrimType");
    CHECK(PointerType(PrimType::Int(8))->GetTypeKey() == "ir.PointerType");
    CHECK(FuncType({}, PrimType::Int(32))->GetTypeKey() == "ir.FuncType");
    CHECK(TensorType(DataType::Float(32), {})->GetTypeKey() == "ir.TensorType");
    CHECK(std::string(ir::TypeObj::_type_key) == "ir.Type");
    for (const Type& ty :
         {Type::Missing(), Type(PrimType::Int(32)), Type(PointerType(PrimType::Int(8))),
          Type(FuncType({}, Type::Missing())), Type(TensorType(DataType::Float(32), {}))}) {
      CAPTURE(ty->GetTypeKey());
      CHECK(ty->IsInstance<ir::TypeObj>());
      CHECK_FALSE(ty->IsInstance<ir::SpanObj>());
    }
    CHECK_FALSE(PrimType::Int(32)->IsInstance<ir::PointerTypeObj>());
    CHECK(Type(PrimType::Int(32)).as<ir::PrimTypeObj>() != nullptr);
    CHECK(Type(PrimType::Int(32)).as<ir::MissingTypeObj>() == nullptr);
  }

  TEST_CASE("the missing type is one shared object") {
    Type missing = Type::Missing();
    CHECK(missing.same_as(Type::Missing()));
    CHECK(missing.is_missing());
    CHECK_FALSE(Type(PrimType::Int(32)).is_missing());
    CHECK_FALSE(Type().is_missing());
    CHECK(missing->span.same_as(Span::Unknown()));
    ffi::Function global = ffi::Function::GetGlobalRequired("ir.MissingType");
    CHECK(global().cast<Type>().same_as(missing));
    CheckFields("ir.MissingType", "ir.Type",
                {{"span", "ir.Span", DefRegionKind::kNone, true, true}});
    // Its one method is the constructor, which gives the shared missing type back.
    CHECK(ir_test::MethodNames("ir.MissingType") == std::vector<std::string>{"__ffi_init__"});
    CHECK(Construct("ir.MissingType").cast<Type>().same_as(missing));
  }

  TEST_CASE("the base type has one field: a span that equality ignores") {
    CheckFields("ir.Type", "ffi.Object", {{"span", "ir.Span", DefRegionKind::kNone, true, true}});
    const ffi::reflection::FieldInfo* span =
        ffi::reflection::FindField(ir::TypeObj::RuntimeTypeIndex(), "span");
    REQUIRE(span != nullptr);
    REQUIRE(span->default_value.has_value());
    CHECK(span->default_value->cast<Span>().same_as(Span::Unknown()));
  }
}

TEST_SUITE("ir.PrimType") {
  TEST_CASE("a PrimType holds one DataType, scalar or vector") {
    PrimType i32 = PrimType::Int(32);
    CHECK(i32.dtype() == DataType::Int(32));
    CHECK(i32->dtype == DataType::Int(32));
    CHECK(i32->span.same_as(Span::Unknown()));
    CHECK(PrimType::Int(64, 4).dtype() == DataType::Int(64, 4));
    CHECK(PrimType::Float(16).dtype() == DataType::Float(16));
    CHECK(PrimType::Float(32, 4).dtype().ToString() == "float32x4");
    CHECK(PrimType::Bool().dtype().is_bool());
    CHECK(PrimType::Bool(8).dtype().lanes() == 8);
    CHECK(PrimType(DataType::UInt(8)).dtype().ToString() == "uint8");
    CHECK(PrimType(DataType::BFloat(16)).dtype().ToString() == "bfloat16");
    CHECK(PrimType(DataType::Parse("float8_e4m3fn")).dtype().is_float8());
    Span span("f.py", 1, 0, 1, 5);
    CHECK(PrimType(DataType::Int(8), span)->span.same_as(span));
  }

  TEST_CASE("each call makes a new object") {
    CHECK_FALSE(PrimType::Int(32).same_as(PrimType::Int(32)));
  }

  TEST_CASE("reflected fields and constructor") {
    CheckFields("ir.PrimType", "ir.Type",
                {{"span", "ir.Span", DefRegionKind::kNone, true, true}, {"dtype", "DataType"}});
    PrimType ty = Construct("ir.PrimType", DataType::Float(32, 4)).cast<PrimType>();
    CHECK(ty.dtype() == DataType::Float(32, 4));
  }
}

TEST_SUITE("ir.PointerType") {
  TEST_CASE("element type and scope, global by default") {
    PrimType f32 = PrimType::Float(32);
    PointerType global(f32);
    CHECK(global->element_type.same_as(f32));
    CHECK(global->scope == "global");
    PointerType shared(f32, "shared");
    CHECK(shared->scope == "shared");
  }

  TEST_CASE("reflected fields and constructor") {
    CheckFields("ir.PointerType", "ir.Type",
                {{"span", "ir.Span", DefRegionKind::kNone, true, true},
                 {"element_type", "ir.Type"},
                 {"scope", "str", DefRegionKind::kNone, false, true}});
    PrimType i8 = PrimType::Int(8);
    PointerType ptr = Construct("ir.PointerType", i8, ffi::String("local")).cast<PointerType>();
    CHECK(ptr->element_type.same_as(i8));
    CHECK(ptr->scope == "local");
  }
}

TEST_SUITE("ir.FuncType") {
  TEST_CASE("argument types and result type") {
    PrimType i32 = PrimType::Int(32);
    PrimType f32 = PrimType::Float(32);
    FuncType fn({i32, f32}, f32);
    REQUIRE(fn->arg_types.size() == 2);
    CHECK(fn->arg_types[0].same_as(i32));
    CHECK(fn->arg_types[1].same_as(f32));
    CHECK(fn->ret_type.same_as(f32));
  }

  TEST_CASE("reflected fields and constructor") {
    CheckFields("ir.FuncType", "ir.Type",
                {{"span", "ir.Span", DefRegionKind::kNone, true, true},
                 {"arg_types", "Array<ir.Type>"},
                 {"ret_type", "ir.Type"}});
    FuncType fn = Construct("ir.FuncType", ffi::Array<Type>{}, Type::Missing()).cast<FuncType>();
    CHECK(fn->arg_types.empty());
    CHECK(fn->ret_type.is_missing());
  }
}

TEST_SUITE("ir.TensorType") {
  TEST_CASE("dtype and shape, and the defaults of the options") {
    ir::Var n("n", PrimType::Int(32));
    TensorType tensor(DataType::Float(32), {n, n});
    CHECK(tensor->dtype == DataType::Float(32));
    REQUIRE(tensor->shape.size() == 2);
    CHECK(tensor->shape[0].same_as(n));
    CHECK(tensor->strides.empty());
    CHECK_FALSE(tensor->elem_offset.has_value());
    CHECK(tensor->scope == "global");
    CHECK(tensor->alignment == 64);
    CHECK(tensor->span.same_as(Span::Unknown()));
  }

  TEST_CASE("every option is stored") {
    ir::Var n("n", PrimType::Int(32));
    ir::Var s("s", PrimType::Int(32));
    ir::Var off("off", PrimType::Int(32));
    Span span("f.py", 2, 4, 2, 30);
    TensorTypeOptions options;
    options.strides = {s};
    options.elem_offset = off;
    options.scope = "shared";
    options.alignment = 16;
    options.span = span;
    TensorType tensor(DataType::Int(8), {n}, options);
    REQUIRE(tensor->strides.size() == 1);
    CHECK(tensor->strides[0].same_as(s));
    REQUIRE(tensor->elem_offset.has_value());
    CHECK(tensor->elem_offset.value().same_as(off));
    CHECK(tensor->scope == "shared");
    CHECK(tensor->alignment == 16);
    CHECK(tensor->span.same_as(span));
  }

  // Shape symbols are uses: they are defined by the enclosing function's parameters (a Pattern
  // region) or by an earlier binding, never by the type itself (docs/architecture.md).
  TEST_CASE("reflected fields: no field of a tensor type defines variables") {
    CheckFields("ir.TensorType", "ir.Type",
                {{"span", "ir.Span", DefRegionKind::kNone, true, true},
                 {"dtype", "DataType"},
                 {"shape", "Array<ir.Expr>", DefRegionKind::kNone},
                 {"strides", "Array<ir.Expr>", DefRegionKind::kNone, false, true},
                 {"elem_offset", "Optional<ir.Expr>", DefRegionKind::kNone, false, true},
                 {"scope", "str", DefRegionKind::kNone, false, true},
                 {"alignment", "int", DefRegionKind::kNone, false, true},
                 {"layout", "Optional<Object>", DefRegionKind::kNone, false, true}});
    const ffi::reflection::FieldInfo* shape =
        ffi::reflection::FindField(ir::TensorTypeObj::RuntimeTypeIndex(), "shape");
    REQUIRE(shape != nullptr);
    CHECK(std::string(ffi::reflection::DefRegionKindName(shape->def_region)) == "None");
  }

  TEST_CASE("the reflected constructor takes every field") {
    ir::Var n("n", PrimType::Int(64));
    ir::Var offset("offset", PrimType::Int(64));
    TensorType tensor =
        Construct("ir.TensorType", DataType::Float(16), ffi::Array<ir::Expr>{n},
                  ffi::Array<ir::Expr>{}, offset, ffi::String("shared"), 32, ffi::Any())
            .cast<TensorType>();
    CHECK(tensor->dtype == DataType::Float(16));
    REQUIRE(tensor->shape.size() == 1);
    CHECK(tensor->shape[0].same_as(n));
    CHECK(tensor->elem_offset.value().same_as(offset));
    CHECK(tensor->scope == "shared");
    CHECK(tensor->alignment == 32);
    CHECK_FALSE(tensor->layout.has_value());
  }
}

TEST_SUITE("ir.TupleType and the field-less types") {
  TEST_CASE("a tuple type lists its fields' types") {
    ir::TupleType pair({PrimType::Int(32), PrimType::Float(32)});
    CHECK(pair->fields.size() == 2);
    CHECK(pair->GetTypeKey() == "ir.TupleType");
    ffi::Any built = Construct("ir.TupleType", ffi::Array<Type>{PrimType::Int(32)});
    CHECK(built.cast<ir::TupleType>()->fields.size() == 1);
  }

  TEST_CASE("each field-less type is constructed by reflection as its own class") {
    for (const char* key : {"ir.AnyType", "ir.NoneType", "ir.OpaqueType", "ir.StringType",
                            "ir.TensorRegionType", "ir.Type"}) {
      CAPTURE(key);
      Type ty = Construct(key).cast<Type>();
      CHECK(ty->GetTypeKey() == key);
    }
  }
}
