// Well-formedness of blocks: every rule with its exact code, message and access path.
#include <doctest/doctest.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/analysis.h>
#include <tvm/tirx/sblock_analysis.h>

#include <string>
#include <vector>

#include "sblock_matmul.h"
#include "string_list_printer.h"
#include "unchecked.h"

namespace {

using namespace tvm::ir;
using namespace tvm::tirx;
using tirx_test::I32;
using tirx_test::Int;
using tirx_test::Loop;
using tirx_test::Point;
using tirx_test::R;
using tirx_test::Tensor1D;
using tirx_test::True;
using tirx_test::Unchecked;
using tvm::tirx::analysis::SBlockDiagnostics;
namespace ffi = tvm::ffi;
namespace refl = tvm::ffi::reflection;
using Problems = std::vector<std::string>;

/*! \brief "code: message @ path" of each diagnostic, "(warning)" after a warning's code. */
Problems Check(const ffi::Any& root) {
  Problems out;
  for (const Diagnostic& d : SBlockDiagnostics(root)) {
    std::string code(d->code);
    if (d.severity() == DiagnosticSeverity::kWarning) code += " (warning)";
    out.push_back(code + ": " + std::string(d->message) + " @ " +
                  d->path.cast<refl::AccessPath>().ToString());
  }
  return out;
}

/*! \brief for i in range(extent): with T.sblock("copy"): vi = T.axis.<kind>(16, i); B[vi] = A[vi]
 */
struct Copy {
  Var a = Tensor1D("A", 16), b = Tensor1D("B", 16), i = Int("i"), vi = Int("vi");
  SBlock block;
  Stmt Build(IterVarKind kind, int64_t extent, ForOptions loop = {}, SBlockOptions options = {},
             Expr predicate = True()) {
    block = SBlock({IterVar(vi, R(0, 16), kind)}, {BufferRegion(a, {Point(vi)})},
                   {BufferRegion(b, {Point(vi)})}, "copy",
                   TensorStore(b, {vi}, TensorLoad(a, {vi})), options);
    return Loop(i, 0, extent, SBlockRealize({i}, predicate, block), loop);
  }
};

}  // namespace

TEST_SUITE("tirx.analysis.sblock_well_formed") {
  TEST_CASE("the matmul, with and without init, is well-formed") {
    CHECK(Check(tirx_test::MakeMatmul().func).empty());
    auto with_init = tirx_test::MakeMatmul({true});
    CHECK(Check(with_init.func).empty());
    CHECK(analysis::WellFormedDiagnostics(with_init.func).empty());
    CHECK(analysis::CheckWellFormed(with_init.func));
  }

  TEST_CASE("sblock-binding-count: one value per iteration variable") {
    auto m = tirx_test::MakeMatmul();
    auto realize = Unchecked<SBlockRealize>(
        "tirx.SBlockRealize",
        {{"iter_values", ffi::Array<Expr>{m.i, m.j}}, {"predicate", True()}, {"block", m.block}});
    CHECK(Check(realize) ==
          Problems{"sblock-binding-count: block `C` has 3 iteration variables but its realize "
                   "binds 2 values @ <root>.iter_values"});
  }

  TEST_CASE("sblock-binding-type: the binding is an integer of the variable's kind") {
    auto m = tirx_test::MakeMatmul();
    // Another width is what Apache TVM accepts (and its dlight prints): no problem.
    Var wide("i64", PrimType::Int(64));
    CHECK(Check(SBlockRealize({wide, m.j, m.k}, True(), m.block)).empty());
    Var unsigned_var("u", PrimType(ffi::DataType::UInt(32)));
    CHECK(Check(SBlockRealize({unsigned_var, m.j, m.k}, True(), m.block)) ==
          Problems{"sblock-binding-type: iteration variable `vi` of block `C` has type `int32` "
                   "but its binding has type `uint32` @ <root>.iter_values[0]"});
  }

  TEST_CASE("sblock-binding-domain (a warning): the binding's values lie in the domain") {
    Copy copy;
    CHECK(Check(copy.Build(IterVarKind::kDataPar, 16)).empty());
    CHECK(
        Check(copy.Build(IterVarKind::kDataPar, 32)) ==
        Problems{
            "sblock-binding-domain (warning): iteration variable `vi` of block `copy` is bound to "
            "values in [0, 32), outside its domain [0, 16) @ <root>.body.iter_values[0]"});
    // A stepped loop stops at its last value: range(0, 32, 3) ends at 30, range(0, 34, 3) at 33.
    auto stepped = [&](int64_t end) {
      SBlock block({IterVar(copy.vi, R(0, 31), IterVarKind::kDataPar)}, {}, {}, "stepped",
                   Evaluate(copy.vi));
      return For(copy.i, I32(0), I32(end), I32(3), SBlockRealize({copy.i}, True(), block));
    };
    CHECK(Check(stepped(32)).empty());
    CHECK(Check(stepped(34)) ==
          Problems{"sblock-binding-domain (warning): iteration variable `vi` of block `stepped` is "
                   "bound to "
                   "values in [0, 34), outside its domain [0, 31) @ <root>.body.iter_values[0]"});
    Var n = Int("n");
    SBlock symbolic({IterVar(copy.vi, R(0, 31), IterVarKind::kDataPar)}, {}, {}, "stepped",
                    Evaluate(copy.vi));
    CHECK(
        Check(For(copy.i, I32(0), I32(40), n, SBlockRealize({copy.i}, True(), symbolic))).empty());
    // A predicate may cut the binding's range: left to it.
    CHECK(Check(copy.Build(IterVarKind::kDataPar, 32, {}, {}, copy.i < 16)).empty());
  }

  TEST_CASE("sblock-iter-kind: a block iterates data-parallel, reduction, scan or opaque") {
    Copy copy;
    CHECK(Check(copy.Build(IterVarKind::kOrdered, 16)).empty());
    CHECK(Check(copy.Build(IterVarKind::kOpaque, 16)).empty());
    CHECK(Check(copy.Build(IterVarKind::kThreadIndex, 16)) ==
          Problems{"sblock-iter-kind: iteration variable `vi` of block `copy` is of kind "
                   "ThreadIndex; a block's iteration variables are data-parallel, reduction, "
                   "scan or opaque @ <root>.body.block.iter_vars[0]"});
  }

  TEST_CASE(
      "sblock-domain (a warning): not empty the wrong way round, not made of the block's "
      "variables") {
    Var vi = Int("vi"), vj = Int("vj");
    Stmt body = Evaluate(vi + vj);
    SBlock backwards({IterVar(vi, R(8, 4), IterVarKind::kDataPar)}, {}, {}, "B", body);
    CHECK(
        Check(backwards) ==
        Problems{
            "sblock-domain (warning): iteration variable `vi` of block `B` has the domain [8, 4), "
            "whose end is before its start @ <root>.iter_vars[0].dom"});
    SBlock dependent({IterVar(vi, R(0, 4), IterVarKind::kDataPar),
                      IterVar(vj, R(I32(0), vi), IterVarKind::kDataPar)},
                     {}, {}, "B", body);
    CHECK(
        Check(dependent) ==
        Problems{
            "sblock-domain (warning): the domain of iteration variable `vj` of block `B` uses the "
            "block's iteration variable `vi` @ <root>.iter_vars[1].dom"});
  }

  TEST_CASE(
      "sblock-init (a warning): an init only in a block with a reduction iteration variable") {
    Copy copy;
    SBlockOptions init;
    init.init = TensorStore(copy.b, {copy.vi}, MakeConst(PrimType::Float(32), 0.0));
    CHECK(
        Check(copy.Build(IterVarKind::kDataPar, 16, {}, init)) ==
        Problems{
            "sblock-init (warning): block `copy` has an init statement but no reduction iteration "
            "variable @ <root>.body.block.init"});
    CHECK(Check(copy.Build(IterVarKind::kCommReduce, 16, {}, init)).empty());
  }

  TEST_CASE(
      "sblock-region (a warning): declared regions lie within their tensors where that is static") {
    Var a = Tensor1D("A", 16), big = Tensor1D("Big", 64), vi = Int("vi");
    Stmt body = Evaluate(vi);
    IterVar wide(vi, R(0, 32), IterVarKind::kDataPar);
    SBlock outside({wide}, {BufferRegion(a, {Point(vi)})}, {BufferRegion(big, {Point(vi)})}, "B",
                   body);
    CHECK(
        Check(outside) ==
        Problems{"sblock-region (warning): the read region of `A` in block `B` reaches [0, 32) in "
                 "dimension 0, outside the tensor's extent 16 @ <root>.reads[0]"});
    SBlock backwards({}, {}, {BufferRegion(a, {R(8, 4)})}, "B", body);
    CHECK(
        Check(backwards) ==
        Problems{
            "sblock-region (warning): the write region of `A` in block `B` is [8, 4) in dimension "
            "0, whose end is before its start @ <root>.writes[0]"});
    auto flat = Unchecked<BufferRegion>(
        "tirx.BufferRegion", {{"tensor", a}, {"region", ffi::Array<Range>{R(0, 4), R(0, 4)}}});
    SBlock ranks({}, {flat}, {}, "B", body);
    CHECK(Check(ranks) == Problems{"sblock-region-rank: the read region of `A` in block `B` has 2 "
                                   "ranges for 1 dimensions @ <root>.reads[0]"});
    // A symbolic extent is not checked.
    Var n = Int("n");
    Var dynamic("D", TensorType(ffi::DataType::Float(32), {n}));
    CHECK(Check(SBlock({wide}, {BufferRegion(dynamic, {Point(vi)})}, {}, "B", body)).empty());
    // The source of a match buffer too.
    Var view = Tensor1D("V", 1);
    SBlockOptions options;
    options.match_buffers = {MatchBufferRegion(view, BufferRegion(a, {Point(vi)}))};
    CHECK(Check(SBlock({wide}, {}, {}, "B", body, options)) ==
          Problems{
              "sblock-region (warning): the match buffer source region of `A` in block `B` reaches "
              "[0, 32) in dimension 0, outside the tensor's extent 16 @ "
              "<root>.match_buffers[0].source"});
  }

  TEST_CASE("sblock-loop-var-access: a non-opaque block sees loops only through bindings") {
    Copy copy;
    Stmt body = TensorStore(copy.b, {copy.vi}, TensorLoad(copy.a, {copy.i}));
    SBlock uses_loop({IterVar(copy.vi, R(0, 16), IterVarKind::kDataPar)}, {}, {}, "copy", body);
    Stmt nest = Loop(copy.i, 0, 16, SBlockRealize({copy.i}, True(), uses_loop));
    CHECK(Check(nest) ==
          Problems{"sblock-loop-var-access: loop variable `i` is defined outside of any block "
                   "but is used inside the non-opaque block `copy` @ "
                   "<root>.body.block.body.value.indices[0]"});
    // An opaque block (no iteration variables) may use it.
    SBlock opaque({}, {}, {}, "opaque",
                  TensorStore(copy.b, {copy.i}, TensorLoad(copy.a, {copy.i})));
    CHECK(Check(Loop(copy.i, 0, 16, SBlockRealize({}, True(), opaque))).empty());
    // A loop inside one block, used inside the block nested in it.
    Var k = Int("k"), vo = Int("vo"), vk = Int("vk");
    SBlock inner({IterVar(vk, R(0, 16), IterVarKind::kDataPar)}, {}, {}, "inner",
                 TensorStore(copy.b, {vk}, TensorLoad(copy.a, {k})));
    SBlock outer({IterVar(vo, R(0, 1), IterVarKind::kDataPar)}, {}, {}, "outer",
                 Loop(k, 0, 16, SBlockRealize({k}, True(), inner)));
    CHECK(Check(SBlockRealize({I32(0)}, True(), outer)) ==
          Problems{"sblock-loop-var-access: loop variable `k` is defined in block `outer` but is "
                   "used inside the non-opaque block `inner` @ "
                   "<root>.block.body.body.block.body.value.indices[0]"});
  }

  TEST_CASE(
      "sblock-parallel-binding (a warning): parallel loops bind data-parallel variables only") {
    Copy copy;
    ForOptions parallel;
    parallel.kind = ForKind::kParallel;
    CHECK(Check(copy.Build(IterVarKind::kDataPar, 16, parallel)).empty());
    CHECK(Check(copy.Build(IterVarKind::kCommReduce, 16, parallel)) ==
          Problems{"sblock-parallel-binding (warning): the parallel loop `i` binds the reduction "
                   "iteration "
                   "variable `vi` of block `copy`; only data-parallel iteration variables may use "
                   "a parallel, vectorized or thread-bound loop @ <root>.body.iter_values[0]"});
    ForOptions vectorized;
    vectorized.kind = ForKind::kVectorized;
    CHECK(Check(copy.Build(IterVarKind::kOrdered, 16, vectorized)) ==
          Problems{
              "sblock-parallel-binding (warning): the vectorized loop `i` binds the scan iteration "
              "variable `vi` of block `copy`; only data-parallel iteration variables may use "
              "a parallel, vectorized or thread-bound loop @ <root>.body.iter_values[0]"});
    // A cross-thread reduction over threadIdx is allowed; over blockIdx it is not.
    ForOptions thread_x;
    thread_x.kind = ForKind::kThreadBinding;
    thread_x.thread_tag = "threadIdx.x";
    CHECK(Check(copy.Build(IterVarKind::kCommReduce, 16, thread_x)).empty());
    ForOptions block_x = thread_x;
    block_x.thread_tag = "blockIdx.x";
    CHECK(
        Check(copy.Build(IterVarKind::kCommReduce, 16, block_x)) ==
        Problems{
            "sblock-parallel-binding (warning): the thread-bound loop `i` (`blockIdx.x`) binds the "
            "reduction iteration variable `vi` of block `copy`; only data-parallel "
            "iteration variables may use a parallel, vectorized or thread-bound loop @ "
            "<root>.body.iter_values[0]"});
  }

  TEST_CASE("sblock-mixed-loop: a warning when one loop feeds both kinds of variable") {
    auto m = tirx_test::MakeMatmul();
    // vi = i * 4 + k // 4, vk = k % 4 (a spatial and a reduction loop fused into k)
    SBlockRealize fused({m.i * 4 + floordiv(m.k, I32(4)), m.j, floormod(m.k, I32(4))}, True(),
                        m.block);
    Stmt nest = Loop(m.i, 0, 4, Loop(m.j, 0, 16, Loop(m.k, 0, 16, fused)));
    CHECK(Check(nest) ==
          Problems{"sblock-mixed-loop (warning): loop variable `k` is bound both to the "
                   "data-parallel iteration variable `vi` and to the reduction iteration variable "
                   "`vk` of block `C` @ <root>.body.body.body.iter_values"});
  }

  TEST_CASE("match buffers of one name in two blocks are two views, not a signature clash") {
    // Tensorized code gives every block its own `A_sub = T.match_buffer(...)`.
    Var a = Tensor1D("A", 32), vi = Int("vi"), vj = Int("vj");
    auto block = [&](const Var& iter, int64_t offset, const char* name) {
      Var view = Tensor1D("A_sub", 16);
      SBlockOptions options;
      options.match_buffers = {MatchBufferRegion(view, BufferRegion(a, {R(offset, offset + 16)}))};
      Stmt body = TensorStore(view, {iter}, MakeConst(PrimType::Float(32), 0.0));
      SBlock made({IterVar(iter, R(0, 16), IterVarKind::kDataPar)}, {}, {}, name, body, options);
      return SBlockRealize({I32(0)}, True(), made);
    };
    Function func({a}, SeqStmt({block(vi, 0, "low"), block(vj, 16, "high")}));
    CHECK(analysis::WellFormedDiagnostics(func).empty());
  }

  TEST_CASE("only errors make IR ill-formed: warnings are for what Apache TVM accepts") {
    Copy copy;
    // Bound past its domain: apache-tvm 0.27 parses it, so it is a warning and no more.
    Function warned({copy.a, copy.b}, copy.Build(IterVarKind::kDataPar, 32));
    REQUIRE(analysis::WellFormedDiagnostics(warned).size() == 1);
    CHECK(analysis::WellFormedDiagnostics(warned)[0].severity() == DiagnosticSeverity::kWarning);
    CHECK(analysis::CheckWellFormed(warned));
    // A loop variable read inside the block: Apache's verifier refuses it.
    Stmt body = TensorStore(copy.b, {copy.vi}, TensorLoad(copy.a, {copy.i}));
    SBlock block({IterVar(copy.vi, R(0, 16), IterVarKind::kDataPar)}, {}, {}, "copy", body);
    Function refused({copy.a, copy.b}, Loop(copy.i, 0, 16, SBlockRealize({copy.i}, True(), block)));
    CHECK_FALSE(analysis::CheckWellFormed(refused, false));
    CHECK_THROWS_WITH_AS(analysis::CheckWellFormed(refused),
                         doctest::Contains("the IR is not well-formed (1 problem):\n  "
                                           "sblock-loop-var-access: loop variable `i`"),
                         ffi::Error);
  }

  TEST_CASE("values without blocks, and None, have no block problems") {
    CHECK(Check(ffi::Any()).empty());
    CHECK(Check(I32(3)).empty());
    CHECK(Check(ffi::Array<ffi::Any>{ffi::String("x"), I32(1)}).empty());
  }

  TEST_CASE("the well-formedness analysis includes the block rules and scopes block variables") {
    Copy copy;
    Stmt loop = copy.Build(IterVarKind::kDataPar, 32);
    Stmt after = Evaluate(copy.vi);
    Function func({copy.a, copy.b}, SeqStmt({loop, after}));
    std::vector<std::string> codes;
    for (const Diagnostic& d : analysis::WellFormedDiagnostics(func)) {
      codes.push_back(std::string(d->code) + ": " + std::string(d->message));
    }
    CHECK(codes == std::vector<std::string>{
                       "out-of-scope-use: variable `vi` is used outside its scope",
                       "sblock-binding-domain: iteration variable `vi` of block `copy` is bound "
                       "to values in [0, 32), outside its domain [0, 16)"});
  }
}
