// The regions a block reads and writes, as block completion infers them: exact regions for
// each construct (loops, tiles, nested blocks, match buffers, bindings, allocations).
#include <doctest/doctest.h>
#include <tvm/ffi/function.h>
#include <tvm/ir/call.h>
#include <tvm/ir/op.h>
#include <tvm/ir/script.h>
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
using tvm::tirx::analysis::DetectSBlockAccessRegions;
namespace ffi = tvm::ffi;

/*! \brief `A[start:end, ...]` for each region, as TVMScript writes a slice. */
std::vector<std::string> Text(const ffi::Array<BufferRegion>& regions) {
  std::vector<std::string> out;
  for (const BufferRegion& region : regions) {
    std::string text = std::string(region->tensor->name) + "[";
    for (size_t i = 0; i < region->region.size(); ++i) {
      if (i > 0) text += ", ";
      text += std::string(Script(region->region[i]->start)) + ":" +
              std::string(Script(region->region[i]->end));
    }
    out.push_back(text + "]");
  }
  return out;
}

using Regions = std::vector<std::string>;

IterVar Spatial(const Var& var, int64_t extent) {
  return IterVar(var, R(0, extent), IterVarKind::kDataPar);
}

}  // namespace

TEST_SUITE("tirx.analysis.sblock_access_region") {
  TEST_CASE("matmul without init: C is read, then A and B, in order of access") {
    auto m = tirx_test::MakeMatmul({/*with_init=*/false, /*declare_regions=*/false});
    auto regions = DetectSBlockAccessRegions(m.block);
    CHECK(Text(regions.reads) ==
          Regions{"C[vi:vi + 1, vj:vj + 1]", "A[vi:vi + 1, vk:vk + 1]", "B[vj:vj + 1, vk:vk + 1]"});
    CHECK(Text(regions.writes) == Regions{"C[vi:vi + 1, vj:vj + 1]"});
    CHECK(regions.opaques.empty());
  }

  TEST_CASE("matmul with init: what the block writes is left out of its reads") {
    auto m = tirx_test::MakeMatmul({/*with_init=*/true, /*declare_regions=*/false});
    auto regions = DetectSBlockAccessRegions(m.block);
    CHECK(Text(regions.reads) == Regions{"A[vi:vi + 1, vk:vk + 1]", "B[vj:vj + 1, vk:vk + 1]"});
    CHECK(Text(regions.writes) == Regions{"C[vi:vi + 1, vj:vj + 1]"});
  }

  TEST_CASE("a loop inside the block relaxes its variable to the loop's range") {
    // with T.sblock("row_sum"): vi = T.axis.spatial(16, i)
    //     for k in range(16): B[vi] = B[vi] + A[vi, k]
    Var a = tirx_test::Tensor2D("A", 16, 16), b = Tensor1D("B", 16);
    Var vi = Int("vi"), k = Int("k");
    Stmt body = Loop(k, 0, 16, TensorStore(b, {vi}, TensorLoad(b, {vi}) + TensorLoad(a, {vi, k})));
    SBlock block({Spatial(vi, 16)}, {}, {}, "row_sum", body);
    auto regions = DetectSBlockAccessRegions(block);
    CHECK(Text(regions.reads) == Regions{"B[vi:vi + 1]", "A[vi:vi + 1, 0:16]"});
    CHECK(Text(regions.writes) == Regions{"B[vi:vi + 1]"});
  }

  TEST_CASE("a tile: vi * 4 + k over k in range(4), and a loop bounded by an outer one") {
    Var c = Tensor1D("C", 64), a = Tensor1D("A", 8), d = Tensor1D("D", 16);
    Var vi = Int("vi"), k = Int("k"), k0 = Int("k0"), k1 = Int("k1");
    Stmt tile = Loop(k, 0, 4, TensorStore(c, {vi * 4 + k}, MakeConst(PrimType::Float(32), 0.0)));
    // for k0 in range(4): for k1 in range(k0, k0 + 4): ... A[k1] ...
    Stmt inner = For(k1, k0, k0 + 4, I32(1), TensorStore(d, {vi}, TensorLoad(a, {k1})));
    Stmt triangle = Loop(k0, 0, 4, inner);
    SBlock block({Spatial(vi, 16)}, {}, {}, "tile", SeqStmt({tile, triangle}));
    auto regions = DetectSBlockAccessRegions(block);
    CHECK(Text(regions.writes) == Regions{"C[vi * 4:vi * 4 + 4]", "D[vi:vi + 1]"});
    CHECK(Text(regions.reads) == Regions{"A[0:7]"});
  }

  TEST_CASE("each branch of an if sees the loop narrowed by its condition") {
    // for k in range(16): if k < 8: O[vi] = A[k] else: O[vi] = B[k - 8]
    Var a = Tensor1D("A", 16), b = Tensor1D("B", 8), out = Tensor1D("O", 16);
    Var vi = Int("vi"), k = Int("k");
    Stmt branch = IfThenElse(k < 8, TensorStore(out, {vi}, TensorLoad(a, {k})),
                             TensorStore(out, {vi}, TensorLoad(b, {k - 8})));
    auto regions = DetectSBlockAccessRegions(
        SBlock({Spatial(vi, 16)}, {}, {}, "split", Loop(k, 0, 16, branch)));
    CHECK(Text(regions.reads) == Regions{"A[0:8]", "B[0:8]"});
    // After the if, the loop has its whole range again.
    Stmt after = SeqStmt({branch, TensorStore(out, {vi}, TensorLoad(a, {k}))});
    regions = DetectSBlockAccessRegions(
        SBlock({Spatial(vi, 16)}, {}, {}, "after", Loop(k, 0, 16, after)));
    CHECK(Text(regions.reads) == Regions{"A[0:16]", "B[0:8]"});
    // T.if_then_else(k < 8, A[k], B[k - 8]) the same way.
    Expr select =
        Call(Op::Get("tirx.if_then_else"), {k < 8, TensorLoad(a, {k}), TensorLoad(b, {k - 8})});
    Stmt call = Loop(k, 0, 16, TensorStore(out, {vi}, select));
    regions = DetectSBlockAccessRegions(SBlock({Spatial(vi, 16)}, {}, {}, "call", call));
    CHECK(Text(regions.reads) == Regions{"A[0:8]", "B[0:8]"});
  }

  TEST_CASE("a stepped loop covers Apache's domain, a negative step its values, unknown all") {
    Var a = Tensor1D("A", 16), out = Tensor1D("O", 16);
    Var vi = Int("vi"), k = Int("k"), n = Int("n");
    auto reads = [&](Expr start, Expr end, Expr step) {
      Stmt loop = For(k, start, end, step, TensorStore(out, {vi}, TensorLoad(a, {k})));
      return Text(DetectSBlockAccessRegions(SBlock({Spatial(vi, 16)}, {}, {}, "s", loop)).reads);
    };
    CHECK(reads(I32(0), I32(16), I32(4)) == Regions{"A[0:16]"});  // as apache-tvm 0.27 prints
    CHECK(reads(I32(8), I32(0), I32(-2)) == Regions{"A[2:9]"});   // apache-tvm 0.27: A[8:0]
    CHECK(reads(I32(8), I32(0), n) == Regions{"A[0:16]"});
    CHECK(reads(n, n + 8, I32(2)) == Regions{"A[n:n + 8]"});
    CHECK(reads(I32(4), I32(4), I32(1)) == Regions{"A[4:4]"});  // an empty loop, as Apache
  }

  TEST_CASE("two accesses of one tensor unite; an unknown index covers the dimension") {
    Var a = Tensor1D("A", 32), out = Tensor1D("O", 32);
    Var idx = Tensor1D("idx", 16, ffi::DataType::Int(32));
    Var vi = Int("vi"), k = Int("k");
    Stmt pair = TensorStore(out, {vi}, TensorLoad(a, {vi}) + TensorLoad(a, {vi + 2}));
    Stmt gather = Loop(k, 0, 16, TensorStore(out, {vi}, TensorLoad(a, {TensorLoad(idx, {k})})));
    auto regions =
        DetectSBlockAccessRegions(SBlock({Spatial(vi, 16)}, {}, {}, "pair", SeqStmt({pair})));
    CHECK(Text(regions.reads) == Regions{"A[vi:vi + 3]"});
    regions = DetectSBlockAccessRegions(SBlock({Spatial(vi, 16)}, {}, {}, "gather", gather));
    CHECK(Text(regions.reads) == Regions{"A[0:32]", "idx[0:16]"});
  }

  TEST_CASE("min, max, floormod and select in indices unite to what apache-tvm 0.27 infers") {
    // O[vi] = A[T.min(k, 8)] + A[T.max(k, 8) + 16] + A[k % 4 + 40]
    //         + A[T.Select(vi < 4, k, k + 32)], for k in range(16): apache-tvm reads A[0:48].
    Var a = Tensor1D("A", 64), out = Tensor1D("O", 64);
    Var vi = Int("vi"), k = Int("k");
    Expr sum = TensorLoad(a, {min(k, I32(8))}) + TensorLoad(a, {max(k, I32(8)) + 16}) +
               TensorLoad(a, {floormod(k, I32(4)) + 40}) +
               TensorLoad(a, {Select(vi < 4, k, k + 32)});
    Stmt body = Loop(k, 0, 16, TensorStore(out, {vi}, sum));
    auto regions = DetectSBlockAccessRegions(SBlock({Spatial(vi, 16)}, {}, {}, "m", body));
    CHECK(Text(regions.reads) == Regions{"A[0:48]"});
  }

  TEST_CASE("a nested block stands for its declared regions, its bindings substituted") {
    // with T.sblock("outer"): vo = T.axis.spatial(4, o)
    //     for j in range(8):
    //         with T.sblock("inner"): vj = T.axis.spatial(8, j)
    //             T.reads(A[vo * 8 + vj]); T.writes(B[vo * 8 + vj])
    Var a = Tensor1D("A", 32), b = Tensor1D("B", 32);
    Var vo = Int("vo"), j = Int("j"), vj = Int("vj");
    Stmt copy = TensorStore(b, {vo * 8 + vj}, TensorLoad(a, {vo * 8 + vj}));
    SBlock inner({Spatial(vj, 8)}, {BufferRegion(a, {Point(vo * 8 + vj)})},
                 {BufferRegion(b, {Point(vo * 8 + vj)})}, "inner", copy);
    Stmt nest = Loop(j, 0, 8, SBlockRealize({j}, tirx_test::True(), inner));
    SBlock outer({Spatial(vo, 4)}, {}, {}, "outer", nest);
    auto regions = DetectSBlockAccessRegions(outer);
    CHECK(Text(regions.reads) == Regions{"A[vo * 8:vo * 8 + 8]"});
    CHECK(Text(regions.writes) == Regions{"B[vo * 8:vo * 8 + 8]"});
    // The inner block's own: computed from its body, not from what it declares.
    regions = DetectSBlockAccessRegions(inner);
    CHECK(Text(regions.reads) == Regions{"A[vo * 8 + vj:vo * 8 + vj + 1]"});
  }

  TEST_CASE("the block's own tensors are left out; a match buffer counts as its source") {
    Var a = tirx_test::Tensor2D("A", 16, 16), out = Tensor1D("O", 16);
    Var local = Tensor1D("local", 16), scratch = Tensor1D("scratch", 4);
    Var row = Tensor1D("row", 16);
    Var vi = Int("vi"), k = Int("k");
    Stmt fill = Loop(k, 0, 16, TensorStore(local, {k}, TensorLoad(row, {k})));
    Stmt keep =
        SeqStmt({AllocTensor(scratch), TensorStore(scratch, {I32(0)}, TensorLoad(local, {I32(3)})),
                 TensorStore(out, {vi}, TensorLoad(scratch, {I32(0)}))});
    SBlockOptions options;
    options.alloc_buffers = {local};
    options.match_buffers = {MatchBufferRegion(row, BufferRegion(a, {Point(vi), R(0, 16)}))};
    SBlock block({Spatial(vi, 16)}, {}, {}, "rows", SeqStmt({fill, keep}), options);
    auto regions = DetectSBlockAccessRegions(block);
    CHECK(Text(regions.reads) == Regions{"A[vi:vi + 1, 0:16]"});
    CHECK(Text(regions.writes) == Regions{"O[vi:vi + 1]"});
    // A part of the view maps to the same part of its source.
    Stmt part = Loop(k, 0, 4, TensorStore(out, {vi}, TensorLoad(row, {k + 8})));
    SBlockOptions view_only;
    view_only.match_buffers = options.match_buffers;
    regions = DetectSBlockAccessRegions(SBlock({Spatial(vi, 16)}, {}, {}, "part", part, view_only));
    CHECK(Text(regions.reads) == Regions{"A[vi:vi + 1, 8:12]"});
  }

  TEST_CASE("a bound variable means its value; a whole tensor used is an opaque access") {
    Var a = Tensor1D("A", 64), out = Tensor1D("O", 64);
    Var vi = Int("vi"), k = Int("k"), t = Int("t");
    Stmt body =
        Loop(k, 0, 4, SeqStmt({Bind(t, vi * 2 + k), TensorStore(out, {vi}, TensorLoad(a, {t}))}));
    auto regions = DetectSBlockAccessRegions(SBlock({Spatial(vi, 16)}, {}, {}, "bind", body));
    CHECK(Text(regions.reads) == Regions{"A[vi * 2:vi * 2 + 4]"});
    Stmt whole = Evaluate(a);
    regions = DetectSBlockAccessRegions(SBlock({Spatial(vi, 16)}, {}, {}, "whole", whole));
    CHECK(regions.reads.empty());
    CHECK(Text(regions.opaques) == Regions{"A[0:64]"});
  }

  TEST_CASE("ill-formed accesses built past the constructors are skipped, not trusted") {
    Var a = Tensor1D("A", 16), b = tirx_test::Tensor2D("B", 4, 4);
    Var vi = Int("vi"), j = Int("j"), vj = Int("vj");
    // A nested block claiming a two-dimensional read of the one-dimensional A.
    auto flat = tirx_test::Unchecked<BufferRegion>(
        "tirx.BufferRegion", {{"tensor", a}, {"region", ffi::Array<Range>{R(0, 4), R(0, 4)}}});
    SBlock inner({Spatial(vj, 4)}, {flat, BufferRegion(b, {Point(vj), R(0, 4)})}, {}, "inner",
                 Evaluate(vj));
    // A view of higher rank than its source.
    Var view = tirx_test::Tensor2D("V", 1, 16);
    auto wide = tirx_test::Unchecked<MatchBufferRegion>(
        "tirx.MatchBufferRegion", {{"tensor", view}, {"source", BufferRegion(a, {R(0, 16)})}});
    SBlockOptions options;
    options.match_buffers = {wide};
    Stmt body = SeqStmt({Loop(j, 0, 4, SBlockRealize({j}, tirx_test::True(), inner)),
                         TensorStore(view, {I32(0), vi}, MakeConst(PrimType::Float(32), 0.0))});
    auto regions =
        DetectSBlockAccessRegions(SBlock({Spatial(vi, 16)}, {}, {}, "outer", body, options));
    CHECK(Text(regions.reads) == Regions{"B[0:4, 0:4]"});
    CHECK(regions.writes.empty());
  }

  TEST_CASE("the global function returns reads, writes and opaque accesses") {
    auto m = tirx_test::MakeMatmul({false, false});
    auto detect = ffi::Function::GetGlobal("tirx.analysis.DetectSBlockAccessRegions");
    REQUIRE(detect.has_value());
    auto result = (*detect)(m.block).cast<ffi::Array<ffi::Array<BufferRegion>>>();
    REQUIRE(result.size() == 3);
    CHECK(Text(result[0]).size() == 3);
    CHECK(Text(result[1]) == Regions{"C[vi:vi + 1, vj:vj + 1]"});
    CHECK(result[2].empty());
    CHECK_THROWS_WITH_AS(DetectSBlockAccessRegions(SBlock()),
                         "ValueError: Expected a block, got None", ffi::Error);
  }
}
