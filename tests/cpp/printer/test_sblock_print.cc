// Blocks the constructors refuse, made around them: the printer still prints them, and says why
// they are ill-formed (the Python tests cover the well-formed forms).
#include <tvm/tirx/sblock.h>
#include <tvm/tirx/stmt.h>
#include <tvm/tirx/tensor_expr.h>

#include "printer_test_util.h"

using namespace tvm;
using namespace tvm::tirx;
using printer_test::Check;
using printer_test::IntVar;
using printer_test::TensorVar;

namespace {

Expr I32(int64_t v) { return MakeConst(PrimType::Int(32), v); }

/*! \brief `with Ts.sblock("fill"): A[vi, vj] = 0.0` over two spatial iteration variables. */
SBlock FillBlock(const Var& a, const Var& vi, const Var& vj) {
  Stmt body = TensorStore(a, {vi, vj}, MakeConst(PrimType::Float(32), 0.0));
  return SBlock({IterVar(vi, ir::Range(I32(0), I32(4)), IterVarKind::kDataPar),
                 IterVar(vj, ir::Range(I32(0), I32(4)), IterVarKind::kDataPar)},
                {}, {BufferRegion(a, {ir::Range(vi, vi + 1), ir::Range(vj, vj + 1)})}, "fill",
                body);
}

/*! \brief A realize with the given values, bypassing the constructor's count check. */
Stmt RawRealize(ffi::Array<Expr> values, const SBlock& block, Expr predicate) {
  ffi::ObjectPtr<SBlockRealizeObj> node = ffi::make_object<SBlockRealizeObj>();
  node->iter_values = std::move(values);
  node->predicate = std::move(predicate);
  node->block = block;
  return SBlockRealize(std::move(node));
}

}  // namespace

TEST_SUITE("printer.sblock") {
  TEST_CASE("a realize binding fewer values than the block has iteration variables") {
    Var a = TensorVar("A", {I32(4), I32(4)});
    Var i = IntVar("i"), vi = IntVar("vi"), vj = IntVar("vj");
    Stmt realize = RawRealize({i}, FillBlock(a, vi, vj), MakeConst(PrimType::Bool(), int64_t{1}));
    Check(realize,
          "# ill-formed: the realize binds 1 values to 2 iteration variables\n"
          "with Ts.sblock(\"fill\"):\n"
          "    vi = Ts.axis.spatial(4, i)\n"
          "    vj = Ts.axis.spatial(4)\n"
          "    Ts.reads()\n"
          "    Ts.writes(A[vi, vj])\n"
          "    A[vi, vj] = T.float32(0.0)");
  }

  TEST_CASE("a realize binding more values, and the same in Apache's spelling") {
    Var a = TensorVar("A", {I32(4), I32(4)});
    Var i = IntVar("i"), j = IntVar("j"), k = IntVar("k"), vi = IntVar("vi"), vj = IntVar("vj");
    Stmt realize =
        RawRealize({i, j, k}, FillBlock(a, vi, vj), MakeConst(PrimType::Bool(), int64_t{1}));
    Check(realize,
          "# ill-formed: the realize binds 3 values to 2 iteration variables\n"
          "with T.sblock(\"fill\"):\n"
          "    vi = T.axis.spatial(4, i)\n"
          "    vj = T.axis.spatial(4, j)\n"
          "    T.reads()\n"
          "    T.writes(A[vi, vj])\n"
          "    A[vi, vj] = T.float32(0.0)",
          {{"spelling", ffi::String("apache")}});
  }

  TEST_CASE("a realize without a block prints its fields") {
    ffi::ObjectPtr<SBlockRealizeObj> node = ffi::make_object<SBlockRealizeObj>();
    node->predicate = MakeConst(PrimType::Bool(), int64_t{1});
    Check(SBlockRealize(std::move(node)),
          "tirx.SBlockRealize(iter_values=[], predicate=T.bool(True), block=None)");
  }
}
