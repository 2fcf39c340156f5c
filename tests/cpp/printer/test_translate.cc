// IR -> text for every node type of core/ir and core/tirx, and the Rust guide's outputs.
#include <tvm/ir/call.h>
#include <tvm/tirx/intrinsics.h>
#include <tvm/tirx/stmt.h>
#include <tvm/tirx/tensor_expr.h>

#include "printer_test_util.h"

using namespace tvm;
using namespace tvm::tirx;
using ffi::Array;
using ffi::DataType;
using printer_test::Check;
using printer_test::FloatVar;
using printer_test::IntVar;
using printer_test::kHeader;
using printer_test::NoHeader;
using printer_test::TensorVar;

namespace {

/*! \brief The guide's add_one with the store index given: B[index] = A[index] + 1.0. */
Function AddOne(const Var& n_or_none, const Expr& extent, bool reversed) {
  Var i = IntVar("i");
  Var a = TensorVar("A", {extent});
  Var b = TensorVar("B", {extent});
  Expr index = reversed ? extent - 1 - i : Expr(i);
  Expr value = TensorLoad(a, {index}) + MakeConst(PrimType::Float(32), 1.0);
  Stmt loop =
      For(i, MakeConst(PrimType::Int(32), int64_t{0}), extent,
          MakeConst(PrimType::Int(32), int64_t{1}), SeqStmt({TensorStore(b, {index}, value)}));
  (void)n_or_none;
  FunctionOptions options;
  options.attrs = {{"global_symbol", ffi::String("add_one")}};
  return Function({a, b}, SeqStmt({loop}), options);
}

}  // namespace

TEST_SUITE("printer.translate") {
  TEST_CASE("the Rust guide's printed outputs") {
    Var x = IntVar("x");
    Expr expr = x * 2 + 1;
    Check(expr, "x * 2 + 1");
    Check(expr.as<AddObj>()->a, "x * 2");
    Check(expr.as<AddObj>()->b, "1");
    Check(expr.cast<Add>(), "x * 2 + 1");
    Var n = IntVar("n");
    Function reversed = AddOne(n, n, true);
    Check(reversed, std::string(kHeader) +
                        "@T.function\n"
                        "def add_one[n](A: T.Tensor((n,), T.float32), B: T.Tensor((n,), "
                        "T.float32)):\n"
                        "    for i in range(n):\n"
                        "        B[n - 1 - i] = A[n - 1 - i] + T.float32(1.0)");
    Function specialized = AddOne(n, MakeConst(PrimType::Int(32), int64_t{128}), false);
    Check(specialized, std::string(kHeader) +
                           "@T.function\n"
                           "def add_one(A: T.Tensor((128,), T.float32), B: T.Tensor((128,), "
                           "T.float32)):\n"
                           "    for i in range(128):\n"
                           "        B[i] = A[i] + T.float32(1.0)");
    const auto* store = specialized->body.as<SeqStmtObj>()
                            ->seq[0]
                            .as<ForObj>()
                            ->body.as<SeqStmtObj>()
                            ->seq[0]
                            .as<TensorStoreObj>();
    Check(store->dest, "B");
  }

  TEST_CASE("constants: int32 bare, every other type explicit") {
    Check(IntImm(PrimType::Int(32), -3), "-3");
    Check(IntImm(PrimType::Int(64), 5), "T.int64(5)");
    Check(IntImm(PrimType(DataType::UInt(8)), 3), "T.uint8(3)");
    Check(IntImm(PrimType::Bool(), 1), "T.bool(True)");
    Check(FloatImm(PrimType::Float(32), 1.0), "T.float32(1.0)");
    Check(FloatImm(PrimType::Float(64), 0.1), "T.float64(0.1)");
    Check(FloatImm(PrimType::Float(16), 1.0 / 0.0), "T.float16(\"inf\")");
    Check(FloatImm(PrimType::Float(32), -0.0 / 0.0 * 0.0), "T.float32(\"nan\")");
    Check(StringImm("a\"b"), "\"a\\\"b\"");
  }

  TEST_CASE("arithmetic, comparison and logic nodes") {
    Var x = IntVar("x"), y = IntVar("y");
    Var f = FloatVar("f"), g = FloatVar("g");
    Var p = Var("p", PrimType::Bool()), q = Var("q", PrimType::Bool());
    Check(Sub(x, y), "x - y");
    Check(Mul(Add(x, y), y), "(x + y) * y");
    Check(Div(f, g), "f / g");
    Check(Div(x, y), "T.Div(x, y)");
    Check(FloorDiv(x, y), "x // y");
    Check(FloorMod(x, y), "x % y");
    Check(FloorDiv(f, g), "T.floordiv(f, g)");
    Check(FloorMod(f, g), "T.floormod(f, g)");
    Check(Mod(x, y), "T.truncmod(x, y)");
    Check(Min(x, y), "T.min(x, y)");
    Check(Max(x, y + 1), "T.max(x, y + 1)");
    Check(EQ(x, y), "x == y");
    Check(NE(x, y), "x != y");
    Check(LT(x, y), "x < y");
    Check(LE(x, y), "x <= y");
    Check(GT(x, y), "x > y");
    Check(GE(x, y), "x >= y");
    Check(And(p, Or(q, p)), "p and (q or p)");
    Check(Or(And(p, q), p), "p and q or p");
    Check(Not(LT(x, y)), "not x < y");
    Check(Not(And(p, q)), "not (p and q)");
    Check(EQ(LT(x, y), p), "(x < y) == p");
    Check(Select(p, x, y), "T.Select(p, x, y)");
    Check(Cast(PrimType::Int(64), x), "T.Cast(\"int64\", x)");
    Check(IntVar("w", 64) + 1, "w + T.int64(1)");
    Check(Sub(x, Sub(y, x)), "x - (y - x)");
  }

  TEST_CASE("tensor and vector expressions") {
    Var x = IntVar("x");
    Var a = TensorVar("A", {x, IntImm(PrimType::Int(32), 4)});
    Check(TensorLoad(a, {x, x + 1}), "A[x, x + 1]");
    Check(Ramp(x, IntImm(PrimType::Int(32), 1), 4), "T.Ramp(x, 1, 4)");
    Check(Broadcast(x, 4), "T.Broadcast(x, 4)");
    Expr ramp = Ramp(x, IntImm(PrimType::Int(32), 1), 4);
    // Inside a shuffle every int32 constant prints typed, lane counts too, as the reference
    // prints them; outside it they are bare again.
    Expr shuffle = Shuffle({ramp, Broadcast(x + 1, 4)},
                           {IntImm(PrimType::Int(32), 0), IntImm(PrimType::Int(32), 4)});
    Check(shuffle,
          "T.Shuffle([T.Ramp(x, T.int32(1), T.int32(4)), T.Broadcast(x + T.int32(1), "
          "T.int32(4))], [T.int32(0), T.int32(4)])");
    Check(Select(Var("p", PrimType::Bool()), shuffle, Ramp(x, IntImm(PrimType::Int(32), 1), 2)),
          "T.Select(p, T.Shuffle([T.Ramp(x, T.int32(1), T.int32(4)), T.Broadcast(x + "
          "T.int32(1), T.int32(4))], [T.int32(0), T.int32(4)]), T.Ramp(x, 1, 2))");
    Var z = IntVar("x");
    Check(Let(z, x + 1, z * 2), "T.Let(x_1 * 2, where={x_1: x + 1})");
  }

  TEST_CASE("types") {
    Var n = IntVar("n");
    Check(PrimType::Int(32), "T.int32");
    Check(PrimType::Float(32, 4), "T.float32x4");
    Check(PrimType::Bool(), "T.bool");
    Check(PrimType(DataType::Void()), "T.void");
    Check(PrimType(DataType::Handle()), "T.handle");
    Check(ir::PointerType(PrimType::Float(32)), "T.Ptr(T.float32)");
    Check(ir::PointerType(PrimType::Float(32), "shared"), "T.Ptr(T.float32, \"shared\")");
    Check(ir::TensorType(DataType::Float(16), {n, IntImm(PrimType::Int(32), 4)}),
          "T.Tensor((n, 4), T.float16)");
    ir::TensorTypeOptions options;
    options.strides = {IntImm(PrimType::Int(32), 4), IntImm(PrimType::Int(32), 1)};
    options.elem_offset = n;
    options.scope = "shared";
    options.alignment = 16;
    Check(ir::TensorType(DataType::Float(16), {n, IntImm(PrimType::Int(32), 4)}, options),
          "T.Tensor((n, 4), T.float16, strides=(4, 1), elem_offset=n, scope=\"shared\", "
          "data_alignment=16)");
    Check(ir::FuncType({PrimType::Int(32)}, PrimType::Float(32)), "T.Func([T.int32], T.float32)");
    Check(ir::Type::Missing(), "T.Missing()");
  }

  TEST_CASE("shared IR: ops, calls, ranges") {
    Var x = IntVar("x");
    Var f = FloatVar("f");
    Check(CallIntrinsic("exp", {f}), "T.exp(f)");
    Check(CallIntrinsic("pow", {f, f}), "T.pow(f, f)");
    Check(ir::Op::Get("tirx.exp"), "T.Op.get(\"tirx.exp\")");
    ir::OpRegistry::Register("testing.printer_raw_op").set_num_args(-1);
    ir::CallOptions options;
    options.ty = PrimType::Int(32);
    options.attrs = {{"k", int64_t{1}}};
    Check(ir::Call(ir::Op::Get("testing.printer_raw_op"), {x}, options),
          "I.Call(T.Op.get(\"testing.printer_raw_op\"), [x], attrs={\"k\": 1}, ty=T.int32)");
    ir::GlobalVar gv("helper");
    Check(ir::Call(gv, {x}), "helper(x)");
    Check(ir::Range(IntImm(PrimType::Int(32), 0), x), "T.Range(0, x)");
  }

  TEST_CASE("statements") {
    Var x = IntVar("x"), y = IntVar("y"), i = IntVar("i");
    Var p = Var("p", PrimType::Bool());
    Var a = TensorVar("A", {IntImm(PrimType::Int(32), 8)});
    Expr zero = IntImm(PrimType::Int(32), 0), two = IntImm(PrimType::Int(32), 2);
    Expr one = IntImm(PrimType::Int(32), 1), eight = IntImm(PrimType::Int(32), 8);
    Check(Bind(y, x + 1), "y: T.let[T.int32] = x + 1");
    Check(Bind(Var("h", PrimType(DataType::Handle())),
               Var("q", ir::PointerType(PrimType::Float(32)))),
          "h: T.let[T.handle] = q");
    Check(TensorStore(a, {x}, FloatImm(PrimType::Float(32), 0.5)), "A[x] = T.float32(0.5)");
    // A ramp of a positive constant stride stores as a slice, as the reference prints it.
    Expr lanes4 = Broadcast(FloatImm(PrimType::Float(32), 0.5), 4);
    Check(TensorStore(a, {Ramp(x, IntImm(PrimType::Int(32), 2), 4)}, lanes4),
          "A[x:x + 8:2] = T.Broadcast(T.float32(0.5), 4)");
    Check(TensorStore(a, {Ramp(IntImm(PrimType::Int(32), 4), IntImm(PrimType::Int(32), 1), 4)},
                      lanes4),
          "A[4:8] = T.Broadcast(T.float32(0.5), 4)");
    Check(TensorStore(a, {Ramp(x, IntImm(PrimType::Int(32), -1), 4)}, lanes4),
          "A[T.Ramp(x, -1, 4)] = T.Broadcast(T.float32(0.5), 4)");
    Check(TensorStore(a, {Ramp(x, y, 4)}, lanes4),
          "A[T.Ramp(x, y, 4)] = T.Broadcast(T.float32(0.5), 4)");
    Check(Evaluate(x), "T.evaluate(x)");
    Check(Evaluate(CallIntrinsic("exp", {FloatVar("f")})), "T.exp(f)");
    Check(AssertStmt(p, "RuntimeError", {"p must hold"}),
          "assert p, (\"RuntimeError\", [\"p must hold\"])");
    Check(AssertStmt(p, "RuntimeError", {""}), "assert p, (\"RuntimeError\", [\"\"])");
    Check(AssertStmt(p, "TypeError", {"p: ", "must hold"}),
          "assert p, (\"TypeError\", [\"p: \", \"must hold\"])");
    Check(AssertStmt(p, "ValueError", {}), "assert p, (\"ValueError\", [])");
    Check(Return(x), "return x");
    Check(Return(std::nullopt), "return");
    Check(Break(Span::Unknown()), "break");
    Check(Continue(Span::Unknown()), "continue");
    Check(While(p, Break(Span::Unknown())), "while p:\n    break");
    Check(IfThenElse(p, Evaluate(x)), "if p:\n    T.evaluate(x)");
    Check(IfThenElse(p, Evaluate(x), Evaluate(y)),
          "if p:\n    T.evaluate(x)\nelse:\n    T.evaluate(y)");
    Check(SeqStmt({Bind(y, x), Evaluate(y)}), "y: T.let[T.int32] = x\nT.evaluate(y)");
    // T.evaluate of an integer or bool zero is left out of a sequence, as the reference does;
    // a body left empty is `pass`, an empty else branch stays one.
    Expr false_ = IntImm(PrimType::Bool(), 0), zero64 = IntImm(PrimType::Int(64), 0);
    Check(SeqStmt({Evaluate(zero), Evaluate(x), Evaluate(zero64)}), "T.evaluate(x)");
    Check(Evaluate(zero), "T.evaluate(0)");
    Check(SeqStmt({Evaluate(FloatImm(PrimType::Float(32), 0.0))}), "T.evaluate(T.float32(0.0))");
    Check(For(i, zero, eight, one, SeqStmt({Evaluate(zero)})), "for i in range(8):\n    pass");
    Check(IfThenElse(p, Evaluate(x), SeqStmt({Evaluate(false_)})),
          "if p:\n    T.evaluate(x)\nelse:\n    pass");
    Check(For(i, zero, eight, one, Evaluate(i)), "for i in range(8):\n    T.evaluate(i)");
    Check(For(i, two, eight, one, Evaluate(i)), "for i in range(2, 8):\n    T.evaluate(i)");
    Check(For(i, zero, eight, two, Evaluate(i)), "for i in range(0, 8, 2):\n    T.evaluate(i)");
    ForOptions par;
    par.kind = ForKind::kParallel;
    Check(For(i, zero, eight, one, Evaluate(i), par),
          "for i in T.parallel(0, 8):\n    T.evaluate(i)");
    par.kind = ForKind::kVectorized;
    Check(For(i, two, eight, two, Evaluate(i), par),
          "for i in T.vectorized(2, 8, step=2):\n    T.evaluate(i)");
    par.kind = ForKind::kUnrolled;
    Check(For(i, zero, eight, one, Evaluate(i), par),
          "for i in T.unroll(0, 8):\n    T.evaluate(i)");
    ForOptions bind;
    bind.kind = ForKind::kThreadBinding;
    bind.thread_tag = "threadIdx.x";
    Check(For(i, zero, eight, one, Evaluate(i), bind),
          "for i in T.thread_binding(0, 8, thread=\"threadIdx.x\"):\n    T.evaluate(i)");
    ForOptions annotated;
    annotated.annotations = {{"pragma", int64_t{1}}, {"Pragma", int64_t{2}}, {"a.b", int64_t{3}}};
    Check(For(i, zero, eight, one, Evaluate(i), annotated),
          "for i in T.serial(0, 8, annotations={\"Pragma\": 2, \"a.b\": 3, \"pragma\": 1}):\n"
          "    T.evaluate(i)");
    // An int64 loop prints its start even from 0; a serial int32 one only away from 0.
    Var j = IntVar("j", 64), m = IntVar("m", 64);
    Expr one64 = IntImm(PrimType::Int(64), 1);
    Check(For(j, zero64, m, one64, Evaluate(j)),
          "for j in range(T.int64(0), m):\n    T.evaluate(j)");
    Check(AttrStmt(x, "pragma", one, Evaluate(x)),
          "with T.attr(x, \"pragma\", 1):\n    T.evaluate(x)");
  }

  TEST_CASE("tensor allocation and declaration") {
    ir::TensorTypeOptions local;
    local.scope = "local";
    Var t = Var("X", ir::TensorType(DataType::Float(32), {IntImm(PrimType::Int(32), 4)}, local));
    Check(AllocTensor(t),
          "X = T.alloc_tensor(ty_args=[T.Tensor((4,), T.float32, scope=\"local\")])");
    // Attributes print sorted; an int32 constant keeps its type, a plain int stays plain.
    ffi::Map<ffi::String, ffi::Any> attrs = {{"raw", int64_t{2}},
                                             {"depth", IntImm(PrimType::Int(32), 3)},
                                             {"flag", IntImm(PrimType::Bool(), 1)}};
    Check(AllocTensor(t, attrs),
          "X = T.alloc_tensor(ty_args=[T.Tensor((4,), T.float32, scope=\"local\")], "
          "attrs={\"depth\": T.int32(3), \"flag\": T.bool(True), \"raw\": 2})");
    Var ptr("p", ir::PointerType(PrimType::Float(32)));
    Var d = TensorVar("D", {IntImm(PrimType::Int(32), 8)});
    Check(DeclTensor(d, ptr), "D = T.decl_tensor(p, ty_args=[T.Tensor((8,), T.float32)])");
  }

  TEST_CASE("functions: symbols, scalar parameters, return type, private, attributes") {
    Var n = IntVar("n"), m = IntVar("m", 64), k = IntVar("k");
    Var a = TensorVar("A", {n});
    Var c = Var("C", ir::TensorType(DataType::Int(8), {m, IntImm(PrimType::Int(64), 4)}));
    FunctionOptions options;
    options.ret_type = PrimType::Int(32);
    options.attrs = {
        {"tir.noalias", true}, {"global_symbol", ffi::String("f")}, {"calling_conv", int64_t{0}}};
    Check(Function({a, c, k}, SeqStmt({Return(k)}), options),
          std::string(kHeader) +
              "@T.function\n"
              "def f[n, m: T.int64](A: T.Tensor((n,), T.float32), C: T.Tensor((m, T.int64(4)), "
              "T.int8), k: T.int32) -> T.int32:\n"
              "    T.func_attr({\"calling_conv\": 0, \"tir.noalias\": True})\n"
              "    return k");
    FunctionOptions priv;
    priv.is_private = true;
    Check(Function({k}, SeqStmt({Return(std::nullopt)}), priv),
          "@T.function(private=True)\ndef main(k: T.int32):\n    return", NoHeader());
  }

  TEST_CASE("modules: raw T.Call(Module.f, ...) calls, I in the import comment") {
    Var x = IntVar("x");
    ir::GlobalVar helper("helper"), caller("caller");
    FunctionOptions ret;
    ret.ret_type = PrimType::Int(32);
    ret.attrs = {{"global_symbol", ffi::String("helper")}};
    Function h({x}, SeqStmt({Return(x + 1)}), ret);
    Var y = IntVar("y");
    FunctionOptions priv;
    priv.is_private = true;
    priv.ret_type = PrimType::Int(32);
    ir::CallOptions typed;
    typed.ty = PrimType::Int(32);
    Function c({y}, SeqStmt({Return(ir::Call(helper, {y}, typed))}), priv);
    ir::IRModule mod({{helper, h}, {caller, c}});
    Check(mod,
          "from __future__ import annotations\n\n"
          "# from tvm_tirx.script import ir as I\n"
          "# from tvm_tirx.script import tirx as T\n\n"
          "@I.ir_module\n"
          "class Module:\n"
          "    @T.function\n"
          "    def helper(x: T.int32) -> T.int32:\n"
          "        return x + 1\n\n"
          "    @T.function(private=True)\n"
          "    def caller(y: T.int32) -> T.int32:\n"
          "        return T.Call(Module.helper, [y], ty=T.int32)");
  }

  TEST_CASE("modules: the signatures' symbols print once above the module") {
    Var n = IntVar("n");
    Var m("m", PrimType::Int(64));
    Var other_n = IntVar("n");
    auto tensor_of = [](ffi::Array<Expr> shape) {
      return Var("A", ir::TensorType(DataType::Float(32), shape));
    };
    ir::GlobalVar f("f"), g("g");
    Function ff({tensor_of({n, m})}, SeqStmt({Return(std::nullopt)}));
    Function gf({tensor_of({other_n}), tensor_of({n})}, SeqStmt({Return(std::nullopt)}));
    Check(ir::IRModule({{f, ff}, {g, gf}}),
          "from __future__ import annotations\n\n"
          "# from tvm_tirx.script import ir as I\n"
          "# from tvm_tirx.script import tirx as T\n\n"
          "n = T.dynamic(\"n\", dtype=\"int32\")\n"
          "m = T.dynamic(\"m\", dtype=\"int64\")\n"
          "n_1 = T.dynamic(\"n\", dtype=\"int32\")\n"
          "@I.ir_module\n"
          "class Module:\n"
          "    @T.function\n"
          "    def f(A: T.Tensor((n, m), T.float32)):\n"
          "        return\n\n"
          "    @T.function\n"
          "    def g(A: T.Tensor((n_1,), T.float32), A_1: T.Tensor((n,), T.float32)):\n"
          "        return");
  }

  TEST_CASE("name clashes get _1, _2; names stay taken until the function ends") {
    Var x1 = IntVar("x"), x2 = IntVar("x"), x3 = IntVar("x");
    Check(x1 + x2 + x3, "x + x_1 + x_2");
    Var i1 = IntVar("i"), i2 = IntVar("i"), i3 = IntVar("i");
    Expr zero = IntImm(PrimType::Int(32), 0), four = IntImm(PrimType::Int(32), 4);
    Expr one = IntImm(PrimType::Int(32), 1);
    Stmt inner = For(i2, zero, four, one, Evaluate(i1 + i2));
    Stmt nested = For(i1, zero, four, one, inner);
    Stmt sibling = For(i3, zero, four, one, Evaluate(i3));
    Check(SeqStmt({nested, sibling}),
          "for i in range(4):\n    for i_1 in range(4):\n        T.evaluate(i + i_1)\n"
          "for i_2 in range(4):\n    T.evaluate(i_2)");
    // The reference's rule: a hint that is taken gets the first free `_k`, even when the hint
    // itself ends in one (`i_1` -> `i_1_1`); each function of a module names afresh.
    Var i4 = IntVar("i_1");
    Check(SeqStmt({nested, For(i4, zero, four, one, Evaluate(i4))}),
          "for i in range(4):\n    for i_1 in range(4):\n        T.evaluate(i + i_1)\n"
          "for i_1_1 in range(4):\n    T.evaluate(i_1_1)");
    Var a = IntVar("a"), b = IntVar("a");
    Function f({a}, SeqStmt({For(i1, zero, a, one, Evaluate(i1))}));
    Function g({b}, SeqStmt({For(i2, zero, b, one, Evaluate(i2))}));
    ir::IRModule mod({{ir::GlobalVar("f"), f}, {ir::GlobalVar("g"), g}});
    std::string text = script::printer::Script(mod, script::printer::PrinterConfig(NoHeader()));
    CHECK(text.find("def f(a: T.int32):\n        for i in range(a):") != std::string::npos);
    CHECK(text.find("def g(a: T.int32):\n        for i in range(a):") != std::string::npos);
    Check(IntVar("for") + IntVar("T") + IntVar("2d") + IntVar("a-b"), "for_1 + T_1 + v2d + a_b");
  }
}
