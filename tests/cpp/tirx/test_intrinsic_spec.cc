// The one registration of an intrinsic (<tvm/tirx/intrinsic_spec.h>): what a spec row puts on
// its op (doc, count range, rule, check, IntrinsicInfo), the count messages, and the refusals.
#include <doctest/doctest.h>
#include <tvm/ffi/error.h>
#include <tvm/ir/call.h>
#include <tvm/tirx/intrinsic_spec.h>
#include <tvm/tirx/intrinsics.h>

#include <string>

using namespace tvm;
using namespace tvm::tirx;
using ffi::DataType;
using ffi::Error;

namespace {

Var Float32(const char* name) { return Var(name, PrimType::Float(32)); }

IntrinsicInfo InfoOf(const std::string& name) {
  std::optional<IntrinsicInfo> info = IntrinsicInfoOf(ir::Op::Get("tirx." + name));
  REQUIRE(info.has_value());
  return *info;
}

Type TestRule(const ffi::Array<Expr>& args, const char*) { return args[0]->ty; }

void RejectNegative(const ir::Call& call, const char* op) {
  const auto* value = call->args[0].as<IntImmObj>();
  if (value != nullptr && value->value < 0) {
    TVM_FFI_THROW(ValueError) << "`" << op << "` takes no negative constant";
  }
}

}  // namespace

TEST_SUITE("tirx.intrinsic_spec") {
  TEST_CASE("the spec's fields are the op's IntrinsicInfo") {
    IntrinsicInfo exp = InfoOf("exp");
    CHECK(exp->min_args == 1);
    CHECK(exp->max_args == 1);
    CHECK(exp->effect == static_cast<int64_t>(CallEffect::kPure));
    CHECK(exp->print_style == "call");
    CHECK(exp->style() == PrintStyle::kCall);
    CHECK(ir::Op::Get("tirx.exp")->doc == "e ** x");
    CHECK(ir::Op::Get("tirx.exp")->num_args == 1);

    IntrinsicInfo sync = InfoOf("tvm_storage_sync");
    CHECK(sync->min_args == 1);
    CHECK(sync->max_args == 3);
    CHECK(ir::Op::Get("tirx.tvm_storage_sync")->num_args == -1);

    IntrinsicInfo packed = InfoOf("call_packed");
    CHECK(packed->max_args == kUnboundedArgs);
    CHECK(packed->print_style == "call_ty_unless_int32");
    CHECK(packed->effect == static_cast<int64_t>(CallEffect::kUpdateState));

    CHECK(InfoOf("call_extern")->style() == PrintStyle::kCallTyUnlessMissing);
    CHECK(InfoOf("tvm_struct_get")->print_style == "call_type_last");
    CHECK(InfoOf("tensor_data_ptr")->print_style == "data_field");
    CHECK(InfoOf("likely")->effect == static_cast<int64_t>(CallEffect::kExprAnnotation));
    CHECK(InfoOf("undef")->effect == static_cast<int64_t>(CallEffect::kReadState));
  }

  TEST_CASE("every tirx op is an intrinsic, and nothing else is") {
    int intrinsics = 0;
    for (const std::string& name : ir::Op::ListNames()) {
      if (name.rfind("tirx.", 0) != 0) continue;
      CAPTURE(name);
      CHECK(IntrinsicInfoOf(ir::Op::Get(name)).has_value());
      ++intrinsics;
    }
    CHECK(intrinsics >= 84);
  }

  TEST_CASE("a count outside the range is a TypeError naming the op and the counts") {
    Var x = Float32("x");
    CHECK_THROWS_WITH_AS(CallIntrinsic("exp", {x, x}),
                         "TypeError: `tirx.exp` takes 1 argument, got 2", Error);
    CHECK_THROWS_WITH_AS(CallIntrinsic("pow", {x}),
                         "TypeError: `tirx.pow` takes 2 arguments, got 1", Error);
    CHECK_THROWS_WITH_AS(CallIntrinsic("vscale", {x}),
                         "TypeError: `tirx.vscale` takes 0 arguments, got 1", Error);
    CHECK_THROWS_WITH_AS(CallIntrinsic("tvm_storage_sync", {}),
                         "TypeError: `tirx.tvm_storage_sync` takes 1 to 3 arguments, got 0", Error);
    CHECK_THROWS_WITH_AS(CallIntrinsic("masked_load", {x, x}),
                         "TypeError: `tirx.masked_load` takes at least 3 arguments, got 2", Error);
    CHECK_THROWS_WITH_AS(CheckArgCount("tirx.t", 2, 4, 5),
                         "TypeError: `tirx.t` takes 2 to 4 arguments, got 5", Error);
    CHECK_NOTHROW(CheckArgCount("tirx.t", 2, kUnboundedArgs, 1000));
  }

  TEST_CASE("a built call of a given type is checked by count, rule and check") {
    ir::CallOptions typed;
    typed.ty = PrimType::Int(32);
    ir::Call no_field(ir::Op::Get("tirx.tvm_struct_get"), {Var("p", PrimType(DataType::Handle()))},
                      typed);
    CHECK_THROWS_WITH_AS(no_field.Validate(),
                         "TypeError: Operator `tirx.tvm_struct_get` takes 3 arguments, got 1",
                         Error);
    ir::Call narrow(ir::Op::Get("tirx.reinterpret"), {Float32("f")},
                    ir::CallOptions{{}, {}, PrimType::Int(8), Span::Unknown()});
    CHECK_THROWS_WITH_AS(narrow.Validate(),
                         "TypeError: `tirx.reinterpret` keeps the bits: `float32` cannot be read "
                         "as `int8` of another width",
                         Error);
    ir::Call extern_call(ir::Op::Get("tirx.call_extern"), {}, typed);
    CHECK_NOTHROW(extern_call.Validate());
  }

  TEST_CASE("a registered spec: its rule counted, its check run, its info reflected") {
    RegisterIntrinsic({"testing_spec_row", 1, 2, TestRule, CallEffect::kPure,
                       PrintStyle::kCallTypeLast, "a test intrinsic", RejectNegative});
    IntrinsicInfo info = InfoOf("testing_spec_row");
    CHECK(info->min_args == 1);
    CHECK(info->max_args == 2);
    CHECK(info->style() == PrintStyle::kCallTypeLast);
    Var x = Float32("x");
    CHECK(CallIntrinsic("testing_spec_row", {x}).dtype() == DataType::Float(32));
    CHECK_THROWS_WITH_AS(CallIntrinsic("testing_spec_row", {x, x, x}),
                         "TypeError: `tirx.testing_spec_row` takes 1 to 2 arguments, got 3", Error);
    ir::Call negative(ir::Op::Get("tirx.testing_spec_row"),
                      ffi::Array<Expr>{IntImm(PrimType::Int(32), -1)});
    CHECK_THROWS_WITH_AS(negative.Validate(),
                         "ValueError: `tirx.testing_spec_row` takes no negative constant", Error);
  }

  TEST_CASE("a spec is refused when its range is empty or its name is taken") {
    CHECK_THROWS_WITH_AS(RegisterIntrinsic({"testing_empty_range", 2, 1, TestRule,
                                            CallEffect::kPure, PrintStyle::kCall, "empty"}),
                         "ValueError: `tirx.testing_empty_range` has an empty argument count range",
                         Error);
    CHECK_THROWS_WITH_AS(RegisterIntrinsic({"testing_negative_min", -1, kUnboundedArgs, TestRule,
                                            CallEffect::kPure, PrintStyle::kCall, "negative"}),
                         "ValueError: `tirx.testing_negative_min` has an empty argument count "
                         "range",
                         Error);
    CHECK_THROWS_WITH_AS(
        RegisterIntrinsic({"exp", 1, 1, TestRule, CallEffect::kPure, PrintStyle::kCall, "again"}),
        "ValueError: `tirx.exp` is registered as an intrinsic already", Error);
    CHECK(ir::Op::Get("tirx.exp")->doc == "e ** x");
  }
}
