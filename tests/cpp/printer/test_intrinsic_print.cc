// A call of an intrinsic prints as its op's print style says (the `TIntrinsic` attribute), with
// no list of names in the printer: intrinsics registered here, by a test, print in every style.
#include <tvm/ir/call.h>
#include <tvm/tirx/intrinsic_spec.h>

#include "printer_test_util.h"

using namespace tvm;
using namespace tvm::tirx;
using printer_test::Check;
using printer_test::FloatVar;
using printer_test::TensorVar;

namespace {

Type FirstArgRule(const ffi::Array<Expr>& args, const char*) { return args[0]->ty; }

/*! \brief Registers `tirx.testing_print_<style>`: one or two arguments, the first's type. */
void RegisterOfStyle(const char* name, PrintStyle style, TypeRule rule) {
  RegisterIntrinsic({name, 1, 2, rule, CallEffect::kPure, style, "a test intrinsic"});
}

ir::Call CallOf(const std::string& name, ffi::Array<Expr> args, std::optional<Type> ty) {
  ir::CallOptions options;
  options.ty = std::move(ty);
  return ir::Call(ir::Op::Get("tirx." + name), std::move(args), options);
}

}  // namespace

TEST_SUITE("printer.intrinsic") {
  TEST_CASE("each print style, on intrinsics the printer has never heard of") {
    RegisterOfStyle("testing_print_call", PrintStyle::kCall, FirstArgRule);
    RegisterOfStyle("testing_print_int32", PrintStyle::kCallTyUnlessInt32, FirstArgRule);
    RegisterOfStyle("testing_print_given", PrintStyle::kCallTyUnlessMissing, nullptr);
    RegisterOfStyle("testing_print_last", PrintStyle::kCallTypeLast, nullptr);
    RegisterOfStyle("testing_print_field", PrintStyle::kDataField, FirstArgRule);
    Var f = FloatVar("f");
    Type i32 = PrimType::Int(32);
    Type f16 = PrimType::Float(16);
    // kCall: `ty=` only when the type is not the rule's.
    Check(CallOf("testing_print_call", {f}, std::nullopt), "T.testing_print_call(f)");
    Check(CallOf("testing_print_call", {f}, f16), "T.testing_print_call(f, ty=T.float16)");
    // kCallTyUnlessInt32: `ty=` unless int32, whatever the rule says.
    Check(CallOf("testing_print_int32", {f}, i32), "T.testing_print_int32(f)");
    Check(CallOf("testing_print_int32", {f}, std::nullopt),
          "T.testing_print_int32(f, ty=T.float32)");
    // kCallTyUnlessMissing: the given type, left out when Missing.
    Check(CallOf("testing_print_given", {f, f}, f16), "T.testing_print_given(f, f, ty=T.float16)");
    Check(CallOf("testing_print_given", {f}, std::nullopt), "T.testing_print_given(f)");
    // kCallTypeLast: the type as the last argument.
    Check(CallOf("testing_print_last", {f}, i32), "T.testing_print_last(f, T.int32)");
    // kDataField: the field read of the one argument.
    Check(CallOf("testing_print_field", {TensorVar("A", {FloatVar("n")})}, std::nullopt), "A.data");
  }

  TEST_CASE("typed int32 constants, under the member the op names") {
    // As the reference prints a PTX instruction: the family's name, its int32 operands typed.
    RegisterIntrinsic({"testing_print_typed_entry", 1, 3, nullptr, CallEffect::kUpdateState,
                       PrintStyle::kCallTypedConstants, "a test intrinsic", nullptr,
                       "testing_family"});
    Expr four = IntImm(PrimType::Int(32), 4), seven = IntImm(PrimType(ffi::DataType::UInt(32)), 7);
    Check(CallOf("testing_print_typed_entry", {four, FloatVar("f"), seven}, std::nullopt),
          "T.testing_family(T.int32(4), f, T.uint32(7))");
    CHECK(std::string(
              IntrinsicInfoOf(ir::Op::Get("tirx.testing_print_typed_entry")).value()->member) ==
          "testing_family");
  }

  TEST_CASE("an op without the attribute prints as the raw call") {
    ir::Op op = ir::OpRegistry::Register("tirx.testing_not_an_intrinsic").set_num_args(1).op();
    ir::CallOptions options;
    options.ty = PrimType::Float(32);
    Check(ir::Call(op, {FloatVar("f")}, options),
          "I.Call(T.Op.get(\"tirx.testing_not_an_intrinsic\"), [f], ty=T.float32)");
  }
}
