// Well-formedness: every rule, with the exact code, message and access path of each problem.
#include <doctest/doctest.h>
#include <tvm/ffi/reflection/structural_walk.h>
#include <tvm/ir/call.h>
#include <tvm/ir/op.h>
#include <tvm/tirx/analysis.h>
#include <tvm/tirx/stmt.h>

#include <string>
#include <vector>

#include "add_one.h"
#include "unchecked.h"

namespace {

using namespace tvm::ir;
using namespace tvm::tirx;
namespace ffi = tvm::ffi;
namespace refl = tvm::ffi::reflection;
using tirx_test::Unchecked;
using tvm::tirx::analysis::CheckWellFormed;
using tvm::tirx::analysis::WellFormedDiagnostics;

// "code: message @ path" for each diagnostic.
std::vector<std::string> Problems(const ffi::Any& root) {
  std::vector<std::string> out;
  for (const Diagnostic& d : WellFormedDiagnostics(root)) {
    CHECK(d.severity() == DiagnosticSeverity::kError);
    out.push_back(std::string(d->code) + ": " + std::string(d->message) + " @ " +
                  d->path.cast<refl::AccessPath>().ToString());
  }
  return out;
}

Expr I32(int64_t v) { return MakeConst(PrimType::Int(32), v); }

Function MakeFunction(ffi::Array<Var> params, Stmt body) {
  FunctionOptions options;
  options.attrs = ffi::Map<ffi::String, ffi::Any>{{"global_symbol", ffi::String("f")}};
  return Function(params, body, options);
}

}  // namespace

TEST_SUITE("tirx.analysis.well_formed") {
  TEST_CASE("add_one is well-formed") {
    auto add_one = tirx_test::MakeAddOne();
    CHECK(Problems(add_one.func).empty());
    CHECK(CheckWellFormed(add_one.func));
    CHECK(CheckWellFormed(add_one.func, false));
    CHECK(Problems(IRModule({{GlobalVar("add_one"), add_one.func}})).empty());
  }

  TEST_CASE("a use of a variable defined nowhere") {
    auto add_one = tirx_test::MakeAddOne();
    Var y("y", PrimType::Float(32));
    Stmt store = TensorStore(add_one.b, {add_one.i}, y);
    Function f =
        MakeFunction({add_one.a, add_one.b}, For(add_one.i, I32(0), add_one.n, I32(1), store));
    CHECK(Problems(f) ==
          std::vector<std::string>{"undefined-variable: variable `y` is used but never defined @ "
                                   "<root>.body.body.value"});
    CHECK_FALSE(CheckWellFormed(f, false));
  }

  TEST_CASE("assert mode raises ValueError listing every problem") {
    auto add_one = tirx_test::MakeAddOne();
    Var y("y", PrimType::Float(32));
    Stmt store = TensorStore(add_one.b, {add_one.i}, y);
    Function f = MakeFunction({add_one.a}, For(add_one.i, I32(0), add_one.n, I32(1), store));
    try {
      CheckWellFormed(f);
      FAIL("expected an error");
    } catch (const ffi::Error& err) {
      CHECK(err.kind() == "ValueError");
      std::string message = err.message();
      CHECK(message.rfind("the IR is not well-formed (2 problems):\n"
                          "  undefined-variable: variable `B` is used but never defined (at "
                          "<root>.body.body.dest)\n"
                          "  undefined-variable: variable `y` is used but never defined (at "
                          "<root>.body.body.value)",
                          0) == 0);
    }
  }

  TEST_CASE("a use after the loop that defines the variable") {
    auto add_one = tirx_test::MakeAddOne();
    Stmt store = TensorStore(add_one.b, {add_one.i}, MakeConst(PrimType::Float(32), 0.0));
    Stmt loop = For(add_one.i, I32(0), add_one.n, I32(1), store);
    Function f = MakeFunction({add_one.a, add_one.b}, SeqStmt({loop, store}));
    CHECK(Problems(f) ==
          std::vector<std::string>{"out-of-scope-use: variable `i` is used outside its scope @ "
                                   "<root>.body.seq[1].indices[0]"});
  }

  TEST_CASE("a variable bound twice, and a loop variable assigned") {
    auto add_one = tirx_test::MakeAddOne();
    Var x("x", PrimType::Int(32));
    Stmt twice = SeqStmt({Bind(x, I32(1)), Bind(x, I32(2))});
    CHECK(Problems(MakeFunction({}, twice)) ==
          std::vector<std::string>{
              "duplicate-definition: variable `x` is defined twice @ <root>.body.seq[1].var"});
    Stmt assign = For(add_one.i, I32(0), I32(4), I32(1), Bind(add_one.i, I32(0)));
    CHECK(Problems(MakeFunction({}, assign)) ==
          std::vector<std::string>{"loop-variable-assignment: assignment to loop variable `i` @ "
                                   "<root>.body.body.var"});
    Stmt store = TensorStore(add_one.b, {add_one.i}, MakeConst(PrimType::Float(32), 0.0));
    Stmt loop = For(add_one.i, I32(0), add_one.n, I32(1), store);
    CHECK(Problems(MakeFunction({add_one.a, add_one.b}, SeqStmt({loop, loop}))) ==
          std::vector<std::string>{
              "duplicate-definition: variable `i` is defined twice @ <root>.body.seq[1].var"});
  }

  TEST_CASE("an env thread launched again after its last launch ended") {
    // Apache TVM's `T.launch_thread(tx, 32)` twice in a row: one thread, launched twice.
    Var tx("tx", PrimType::Int(32));
    auto launch = [&](Stmt body) { return LaunchThread(tx, "threadIdx.x", I32(32), body); };
    Stmt use = Evaluate(tx);
    CHECK(Problems(MakeFunction({}, SeqStmt({launch(use), launch(use)}))).empty());
    // Launched inside its own launch, it is a second definition; so is a launch of a variable
    // a binding defined first.
    CHECK(Problems(MakeFunction({}, launch(launch(use)))) ==
          std::vector<std::string>{
              "duplicate-definition: variable `tx` is defined twice @ <root>.body.body.var"});
    CHECK(Problems(MakeFunction({}, SeqStmt({Bind(tx, I32(0)), launch(use)}))) ==
          std::vector<std::string>{
              "duplicate-definition: variable `tx` is defined twice @ <root>.body.seq[1].var"});
  }

  TEST_CASE("a binding's value cannot use the variable it binds") {
    Var x("x", PrimType::Int(32));
    CHECK(Problems(MakeFunction({}, Bind(x, x + 1))) ==
          std::vector<std::string>{
              "out-of-scope-use: variable `x` is used outside its scope @ <root>.body.value.a"});
    Var y("y", PrimType::Int(32));
    Expr let = Let(y, y * 2, y + 1);
    CHECK(Problems(MakeFunction({}, Evaluate(let))) ==
          std::vector<std::string>{"out-of-scope-use: variable `y` is used outside its scope @ "
                                   "<root>.body.value.value.a"});
  }

  TEST_CASE("parameters naming two different symbols alike") {
    Var n1("n", PrimType::Int(32));
    Var n2("n", PrimType::Int(64));
    Var a("A", TensorType(ffi::DataType::Float(32), {n1}));
    Var b("B", TensorType(ffi::DataType::Float(32), {n2}));
    CHECK(Problems(MakeFunction({a, b}, Evaluate(I32(0)))) ==
          std::vector<std::string>{
              "pattern-mismatch: the parameters name two different variables `n` @ "
              "<root>.params[1].ty.shape[0]"});
  }

  TEST_CASE("symbols in an allocated tensor's shape must be in scope") {
    Var m("m", PrimType::Int(32));
    Var x("X", TensorType(ffi::DataType::Float(32), {m}));
    CHECK(Problems(MakeFunction({}, AllocTensor(x))) ==
          std::vector<std::string>{"undefined-variable: variable `m` is used but never defined @ "
                                   "<root>.body.var.ty.shape[0]"});
  }

  TEST_CASE("tensor accesses: index arity and dtype, stored type") {
    auto add_one = tirx_test::MakeAddOne();
    ffi::Array<Expr> two{add_one.i, add_one.i};
    auto load = Unchecked<TensorLoad>(
        "prim.TensorLoad", {{"source", add_one.a}, {"indices", two}, {"ty", PrimType::Float(32)}});
    Stmt store = TensorStore(add_one.b, {add_one.i}, MakeConst(PrimType::Float(32), 0.0));
    auto bad_store = Unchecked<TensorStore>(
        "tirx.TensorStore", {{"dest", add_one.b},
                             {"indices", ffi::Array<Expr>{MakeConst(PrimType::Float(32), 0.0)}},
                             {"value", load}});
    auto wrong_value = Unchecked<TensorStore>("tirx.TensorStore",
                                              {{"dest", add_one.b},
                                               {"indices", ffi::Array<Expr>{add_one.i}},
                                               {"value", MakeConst(PrimType::Float(16), 0.0)}});
    Function f = MakeFunction(
        {add_one.a, add_one.b},
        For(add_one.i, I32(0), add_one.n, I32(1), SeqStmt({bad_store, wrong_value, store})));
    CHECK(Problems(f) ==
          std::vector<std::string>{
              "tensor-access: `tirx.TensorStore` indices must be integers, got `float32` @ "
              "<root>.body.body.seq[0]",
              "tensor-access: `prim.TensorLoad` of a 1-d tensor needs 1 indices, got 2 @ "
              "<root>.body.body.seq[0].value",
              "store-type: `tirx.TensorStore` writes `float16` into elements of type `float32` @ "
              "<root>.body.body.seq[1]"});
  }

  TEST_CASE("a call whose op contract fails") {
    Var x("x", PrimType::Float(32));
    CallOptions options;
    options.ty = Type(PrimType::Float(32));
    Call call(Op::Get("tirx.exp"), {x, x}, options);
    auto problems = Problems(MakeFunction({x}, Evaluate(call)));
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].rfind("op-contract: ", 0) == 0);
    CHECK(problems[0].find("@ <root>.body.value") != std::string::npos);
  }

  TEST_CASE("every problem is collected, not only the first") {
    Var u("u", PrimType::Int(32));
    Var v("v", PrimType::Int(32));
    Stmt body = SeqStmt({Evaluate(u), Evaluate(v), Bind(v, I32(0)), Bind(v, I32(1))});
    CHECK(Problems(MakeFunction({}, body)) ==
          std::vector<std::string>{
              "undefined-variable: variable `u` is used but never defined @ "
              "<root>.body.seq[0].value",
              "out-of-scope-use: variable `v` is used outside its scope @ <root>.body.seq[1].value",
              "duplicate-definition: variable `v` is defined twice @ <root>.body.seq[3].var"});
  }
}
