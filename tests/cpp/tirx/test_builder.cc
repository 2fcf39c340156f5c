// The IR builder from C++: frames enter and exit in order, finalize into their parents, and
// reject misuse with clear errors; the TIRx hooks apply the binding and store rules.
#include <doctest/doctest.h>
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ir/builder.h>
#include <tvm/tirx/builder.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/tensor_expr.h>

#include <string>

#include "add_one.h"

namespace {

using namespace tvm::ir;
using namespace tvm::tirx;
using namespace tvm::tirx::builder;
namespace ffi = tvm::ffi;
using ffi::Any;
using ffi::Error;
using tvm::ir::builder::ModuleFrame;

template <typename... Args>
ffi::Any Hook(const char* name, Args&&... args) {
  return ffi::Function::GetGlobalRequired(name)(std::forward<Args>(args)...);
}

/*! \brief add_one built through the frames, as a builder program would. */
Function BuildAddOne() {
  IRBuilder builder = IRBuilder::Create("add_one.py");
  builder.EnterWithScope();
  FunctionFrame function = FunctionFrame::Create(false, false, Span::Unknown());
  function.mutable_get()->EnterWithScope();
  Hook("tirx.builder.FuncName", ffi::String("add_one"));
  Var n = Hook("tirx.builder.Dynamic", ffi::String("n"), PrimType::Int(32), Span::Unknown())
              .cast<Var>();
  TensorType tensor(ffi::DataType::Float(32), {n});
  Var a = Hook("tirx.builder.Arg", ffi::String("A"), tensor, Span::Unknown()).cast<Var>();
  Var b = Hook("tirx.builder.Arg", ffi::String("B"), tensor, Span::Unknown()).cast<Var>();
  ForFrame loop = ForFrame::Create({"i"}, {}, {Any(0)}, {Any(n)}, {Any(1)}, ForKind::kSerial, "",
                                   {}, Span::Unknown());
  loop.mutable_get()->EnterWithScope();
  Var i = loop->vars[0];
  SetItem(b, {Any(i)}, TensorLoad(a, {i}) + 1.0, Span::Unknown());
  loop.mutable_get()->ExitWithScope();
  function.mutable_get()->ExitWithScope();
  Function result = builder.Get().cast<Function>();
  builder.ExitWithScope();
  return result;
}

TEST_SUITE("tirx.Builder") {
  TEST_CASE("frames build the same function as the constructors") {
    CHECK(ffi::reflection::StructuralEqual(BuildAddOne(), tirx_test::MakeAddOne().func));
  }

  TEST_CASE("hooks need an active builder") {
    CHECK_FALSE(IRBuilder::IsInScope());
    CHECK_THROWS_WITH_AS(IRBuilder::Current(),
                         doctest::Contains("RuntimeError: No IRBuilder is active"), Error);
    CHECK_THROWS_WITH_AS(AddToFrame(Evaluate(MakeConst(PrimType::Int(32), int64_t{0}))),
                         doctest::Contains("No IRBuilder is active"), Error);
  }

  TEST_CASE("statements need a function, and frames exit innermost first") {
    IRBuilder builder = IRBuilder::Create();
    builder.EnterWithScope();
    CHECK_THROWS_WITH_AS(AddToFrame(Evaluate(MakeConst(PrimType::Int(32), int64_t{0}))),
                         "ValueError: A statement (`tirx.Evaluate`) must be inside a function body",
                         Error);
    FunctionFrame outer = FunctionFrame::Create(false, false, Span::Unknown());
    outer.mutable_get()->EnterWithScope();
    WhileFrame loop = WhileFrame::Create(MakeConst(PrimType::Bool(), int64_t{1}), Span::Unknown());
    loop.mutable_get()->EnterWithScope();
    CHECK_THROWS_WITH_AS(outer.mutable_get()->ExitWithScope(),
                         "RuntimeError: A `tirx.builder.FunctionFrame` exited while it was not the "
                         "innermost open frame",
                         Error);
    CHECK_THROWS_WITH_AS(loop.mutable_get()->EnterWithScope(),
                         "RuntimeError: A `tirx.builder.WhileFrame` was entered twice", Error);
    // Abandoning the function frame pops it and the loop above it.
    outer.mutable_get()->Abandon();
    CHECK(builder->frames.empty());
    CHECK_FALSE(loop->entered);
    builder.ExitWithScope();
  }

  TEST_CASE("branches open only directly in an if, then before else, once each") {
    IRBuilder builder = IRBuilder::Create();
    builder.EnterWithScope();
    FunctionFrame function = FunctionFrame::Create(false, false, Span::Unknown());
    function.mutable_get()->EnterWithScope();
    CHECK_THROWS_WITH_AS(
        BranchFrame::Create(false, Span::Unknown()).mutable_get()->EnterWithScope(),
        "ValueError: A then branch must be directly inside an `if`", Error);
    IfFrame branch = IfFrame::Create(MakeConst(PrimType::Bool(), int64_t{1}), Span::Unknown());
    branch.mutable_get()->EnterWithScope();
    CHECK_THROWS_WITH_AS(BranchFrame::Create(true, Span::Unknown()).mutable_get()->EnterWithScope(),
                         "ValueError: An else branch must follow the then branch", Error);
    BranchFrame then_case = BranchFrame::Create(false, Span::Unknown());
    then_case.mutable_get()->EnterWithScope();
    then_case.mutable_get()->ExitWithScope();
    CHECK_THROWS_WITH_AS(
        BranchFrame::Create(false, Span::Unknown()).mutable_get()->EnterWithScope(),
        "ValueError: An `if` has two then branches", Error);
    builder.ExitWithScope();
  }

  TEST_CASE("binding rules: literals take the annotation, a name bound again is a new variable") {
    IRBuilder builder = IRBuilder::Create();
    builder.EnterWithScope();
    FunctionFrame function = FunctionFrame::Create(false, false, Span::Unknown());
    function.mutable_get()->EnterWithScope();
    Var x = BindValue(Any(int64_t{7}), "x", PrimType::Int(64), Span::Unknown(), Span::Unknown());
    CHECK(x.dtype() == ffi::DataType::Int(64));
    Var y = BindValue(Any(1.5), "y", std::nullopt, Span::Unknown(), Span::Unknown());
    CHECK(y.dtype() == ffi::DataType::Float(32));
    Var x_again = BindValue(Any(int64_t{1}), "x", std::nullopt, Span::Unknown(), Span::Unknown());
    CHECK_FALSE(x_again.same_as(x));
    CHECK(x_again.dtype() == ffi::DataType::Int(32));
    CHECK_THROWS_WITH_AS(
        BindValue(Any(y), "z", PrimType::Int(32), Span::Unknown(), Span::Unknown()),
        "TypeError: `tirx.Bind` binds a `int32` variable to a `float32` value", Error);
    CHECK_THROWS_WITH_AS(SetItem(x, {Any(0)}, Any(1), Span::Unknown()),
                         "TypeError: Only tensors can be stored to with `x[...] = value`, got "
                         "`ir.PrimType`",
                         Error);
    builder.ExitWithScope();
  }

  TEST_CASE("loops widen literals to the bounds' type and reject zero steps") {
    IRBuilder builder = IRBuilder::Create();
    builder.EnterWithScope();
    Var n("n", PrimType::Int(64));
    ForFrame loop = ForFrame::Create({"i"}, {}, {Any(0)}, {Any(n)}, {Any(2)}, ForKind::kParallel,
                                     "", {}, Span::Unknown());
    CHECK(loop->vars[0].dtype() == ffi::DataType::Int(64));
    CHECK(loop->starts[0].dtype() == ffi::DataType::Int(64));
    CHECK_THROWS_WITH_AS(ForFrame::Create({"i"}, {}, {Any(0)}, {Any(8)}, {Any(0)}, ForKind::kSerial,
                                          "", {}, Span::Unknown()),
                         "ValueError: A loop step must not be zero", Error);
    CHECK_THROWS_WITH_AS(ForFrame::Create({"i"}, {}, {Any(0)}, {Any(1.5)}, {Any(1)},
                                          ForKind::kSerial, "", {}, Span::Unknown()),
                         "TypeError: A loop end must be an integer, got a float", Error);
    builder.ExitWithScope();
  }

  TEST_CASE("a module declares before it defines, and calls are typed by the signature") {
    IRBuilder builder = IRBuilder::Create();
    builder.EnterWithScope();
    ModuleFrame module = ModuleFrame::Create();
    module.mutable_get()->EnterWithScope();
    FuncType signature({PrimType::Int(32)}, PrimType::Int(32));
    GlobalVar f = module.DeclareFunction("f", signature);
    CHECK(f->ty.same_as(Type::Missing()));
    tvm::ir::Call call = module.CallFunction("f", {MakeConst(PrimType::Int(32), int64_t{1})});
    CHECK(call->ty.same_as(signature->ret_type));
    CHECK_THROWS_WITH_AS(module.CallFunction("f", {}), "TypeError: `f` takes 1 argument(s), got 0",
                         Error);
    CHECK_THROWS_WITH_AS(module.mutable_get()->ExitWithScope(),
                         "ValueError: Module function `f` was declared but never defined", Error);
    builder.ExitWithScope();
  }
}

}  // namespace
