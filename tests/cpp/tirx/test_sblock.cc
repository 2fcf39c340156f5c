// S-TIR nodes: construction and its checks, reflection with definition regions, structural
// equality and hashing up to renaming, and copy-on-write rewriting through the mutator.
#include <doctest/doctest.h>
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ffi/reflection/structural_hash.h>
#include <tvm/ffi/reflection/structural_visit.h>
#include <tvm/ffi/reflection/structural_walk.h>
#include <tvm/tirx/analysis.h>

#include <string>
#include <vector>

#include "../ffi/test_util.h"
#include "sblock_matmul.h"
#include "string_list_printer.h"

namespace {

using namespace tvm::ir;
using namespace tvm::tirx;
using tirx_test::I32;
using tirx_test::Point;
using tirx_test::R;
using tirx_test::Tensor1D;
namespace ffi = tvm::ffi;
namespace refl = tvm::ffi::reflection;

using ffi_test::ErrorOf;

/*! \brief "name Kind" of every field of the type, inherited first. */
std::vector<std::string> Fields(const char* key) {
  std::vector<std::string> out;
  for (const refl::FieldInfo* field : refl::AllFields(refl::GetTypeInfo(key)->type_index)) {
    out.push_back(field->name + " " + refl::DefRegionKindName(field->def_region));
  }
  return out;
}

}  // namespace

TEST_SUITE("tirx.sblock nodes") {
  TEST_CASE("the matmul block holds what it was built with") {
    auto m = tirx_test::MakeMatmul({/*with_init=*/true});
    CHECK(m.block->name_hint == "C");
    REQUIRE(m.block->iter_vars.size() == 3);
    CHECK(m.block->iter_vars[0]->var.same_as(m.vi));
    CHECK(m.block->iter_vars[2]->iter_kind() == IterVarKind::kCommReduce);
    CHECK(m.block->iter_vars[2]->dom->end.cast<IntImm>()->value == 16);
    CHECK(m.block->reads.size() == 3);
    CHECK(m.block->reads[1]->tensor.same_as(m.a));
    CHECK(m.block->writes[0]->region[1]->start.same_as(m.vj));
    CHECK(m.block->init.has_value());
    CHECK(m.realize->iter_values[2].same_as(m.k));
    CHECK(m.realize->block.same_as(m.block));
    CHECK(m.realize->predicate.cast<IntImm>()->value == 1);
  }

  TEST_CASE("the kinds are Apache TVM's, with its names") {
    CHECK(static_cast<int64_t>(IterVarKind::kCommReduce) == 2);
    CHECK(static_cast<int64_t>(IterVarKind::kOrdered) == 3);
    CHECK(static_cast<int64_t>(IterVarKind::kTensorized) == 8);
    CHECK(std::string(IterVarKindName(IterVarKind::kDataPar)) == "DataPar");
    CHECK(std::string(IterVarKindName(IterVarKind::kThreadIndex)) == "ThreadIndex");
    CHECK(std::string(IterVarKindName(IterVarKind::kOrdered)) == "Ordered");
    CHECK(std::string(IterVarKindName(IterVarKind::kOpaque)) == "Opaque");
  }

  TEST_CASE("reflected fields, their order and their definition regions") {
    CHECK(Fields("tirx.IterVar") == std::vector<std::string>{"var Simple", "dom None", "kind None",
                                                             "thread_tag None", "span None"});
    CHECK(Fields("tirx.BufferRegion") == std::vector<std::string>{"tensor None", "region None"});
    CHECK(Fields("tirx.MatchBufferRegion") ==
          std::vector<std::string>{"tensor Pattern", "source None"});
    CHECK(Fields("tirx.SBlock") ==
          std::vector<std::string>{"span None", "iter_vars None", "reads None", "writes None",
                                   "name_hint None", "alloc_buffers Simple", "match_buffers None",
                                   "annotations None", "init None", "body None"});
    CHECK(Fields("tirx.SBlockRealize") == std::vector<std::string>{"span None", "iter_values None",
                                                                   "predicate None", "block None"});
    auto ignored = [](const char* key, const char* name) {
      return refl::FindField(refl::GetTypeInfo(key)->type_index, name)->structural_ignore;
    };
    CHECK(ignored("tirx.SBlock", "name_hint"));
    CHECK(ignored("tirx.IterVar", "span"));
    CHECK_FALSE(ignored("tirx.IterVar", "thread_tag"));
  }

  TEST_CASE("reflected constructors check as the C++ ones do") {
    const refl::MethodInfo* init =
        refl::FindMethod(refl::GetTypeInfo("tirx.IterVar")->type_index, "__ffi_init__");
    REQUIRE(init != nullptr);
    Var v("v", PrimType::Int(32));
    IterVar made = init->func(v, R(0, 4), int64_t{3}, ffi::String("")).cast<IterVar>();
    CHECK(made->iter_kind() == IterVarKind::kOrdered);
    CHECK(ErrorOf([&] { init->func(v, R(0, 4), int64_t{9}, ffi::String("")); }) ==
          "ValueError: Unknown iteration variable kind 9");
    const refl::MethodInfo* realize =
        refl::FindMethod(refl::GetTypeInfo("tirx.SBlockRealize")->type_index, "__ffi_init__");
    auto m = tirx_test::MakeMatmul();
    CHECK(ErrorOf([&] { realize->func(ffi::Array<Expr>{m.i}, tirx_test::True(), m.block); }) ==
          "ValueError: The realize of block `C` binds 1 values to its 3 iteration variables");
  }

  TEST_CASE("IterVar: an integer variable and a domain of its type") {
    Var v("v", PrimType::Int(32));
    CHECK(ErrorOf([&] {
            IterVar(v,
                    R(MakeConst(PrimType::Int(64), int64_t{0}),
                      MakeConst(PrimType::Int(64), int64_t{8})),
                    IterVarKind::kDataPar);
          }) == "TypeError: `tirx.IterVar.dom.start` is `int64` but the variable `v` is `int32`");
    Var f("f", PrimType::Float(32));
    CHECK(ErrorOf([&] { IterVar(f, R(0, 8), IterVarKind::kDataPar); }) ==
          "TypeError: `tirx.IterVar.var` must be an integer, got `float32`");
    CHECK(ErrorOf([&] { IterVar(v, Range(nullptr), IterVarKind::kDataPar); }) ==
          "ValueError: `tirx.IterVar.dom` is None");
  }

  TEST_CASE("BufferRegion: a tensor and one integer range per dimension") {
    Var a = tirx_test::Tensor2D("A", 4, 8);
    CHECK(ErrorOf([&] { BufferRegion(a, {R(0, 4)}); }) ==
          "ValueError: A region of `A` needs 2 ranges, one per dimension, got 1");
    Var x("x", PrimType::Int(32));
    CHECK(ErrorOf([&] { BufferRegion(x, {R(0, 4)}); }) ==
          "TypeError: `tirx.BufferRegion.tensor` must be a tensor, got `x` of type "
          "`ir.PrimType`");
    CHECK(ErrorOf([&] {
            BufferRegion(a, {R(0, 4), Range(MakeConst(PrimType::Float(32), 0.0), I32(8))});
          }) == "TypeError: `tirx.BufferRegion.region.start` must be an integer, got `float32`");
    BufferRegion full = BufferRegion::Full(a);
    CHECK(refl::StructuralEqual(full, BufferRegion(a, {R(0, 4), R(0, 8)})));
  }

  TEST_CASE("MatchBufferRegion: what Apache TVM's constructor checks, each its message") {
    Var a = tirx_test::Tensor2D("A", 16, 16);
    Var vi("vi", PrimType::Int(32));
    BufferRegion row(a, {Point(vi), R(0, 16)});
    MatchBufferRegion fine(Tensor1D("A_row", 16), row);
    CHECK(fine->source.same_as(row));
    // The view's symbolic extent takes whatever the region has.
    Var n("n", PrimType::Int(32));
    CHECK_NOTHROW(MatchBufferRegion(Var("A_n", TensorType(ffi::DataType::Float(32), {n})), row));
    // A symbolic region whose extent is provably the view's.
    BufferRegion tile(a, {Point(vi), R(vi * 4, vi * 4 + 4)});
    CHECK_NOTHROW(MatchBufferRegion(Tensor1D("A_tile", 4), tile));
    CHECK(ErrorOf([&] { MatchBufferRegion(Tensor1D("A_h", 16, ffi::DataType::Float(16)), row); }) ==
          "TypeError: The match buffer `A_h` is `float16` but its source `A` is `float32`");
    TensorTypeOptions shared;
    shared.scope = "shared";
    CHECK(ErrorOf([&] {
            MatchBufferRegion(Tensor1D("A_s", 16, ffi::DataType::Float(32), shared), row);
          }) ==
          "ValueError: The match buffer `A_s` is in scope `shared` but its source `A` is "
          "in scope `global`");
    TensorTypeOptions aligned;
    aligned.alignment = 128;
    CHECK(ErrorOf([&] {
            MatchBufferRegion(Tensor1D("A_a", 16, ffi::DataType::Float(32), aligned), row);
          }) ==
          "ValueError: The match buffer `A_a` needs an alignment of 128 bytes, which its "
          "source `A` (aligned to 64) does not provide");
    Var cube("A3", TensorType(ffi::DataType::Float(32), {I32(1), I32(16), I32(16)}));
    CHECK(ErrorOf([&] { MatchBufferRegion(cube, row); }) ==
          "ValueError: The match buffer `A3` has rank 3 but its source region has only 2 "
          "dimensions");
    BufferRegion block(a, {R(0, 2), R(0, 16)});
    CHECK(ErrorOf([&] { MatchBufferRegion(Tensor1D("A_r", 16), block); }) ==
          "ValueError: The match buffer `A_r` matches no dimension to dimension 0 of its source "
          "region, whose extent must then be 1");
    CHECK(ErrorOf([&] { MatchBufferRegion(Tensor1D("A_8", 8), row); }) ==
          "ValueError: The match buffer `A_8` has extent 8 in dimension 0 but its source region "
          "has extent 16");
    BufferRegion ragged(a, {Point(vi), R(I32(0), vi)});
    CHECK(ErrorOf([&] { MatchBufferRegion(Tensor1D("A_v", 16), ragged); }) ==
          "ValueError: The match buffer `A_v` has extent 16 in dimension 0 but its source region "
          "has extent a non-constant");
  }

  TEST_CASE("SBlock and SBlockRealize: what they refuse") {
    auto m = tirx_test::MakeMatmul();
    CHECK(ErrorOf([&] { SBlock({}, {}, {}, "B", Stmt()); }) ==
          "ValueError: `tirx.SBlock.body` is None");
    SBlockOptions not_tensor;
    not_tensor.alloc_buffers = {m.i};
    CHECK(ErrorOf([&] { SBlock({}, {}, {}, "B", m.block->body, not_tensor); }) ==
          "TypeError: `tirx.SBlock.alloc_buffers` must be a tensor, got `i` of type "
          "`ir.PrimType`");
    CHECK(ErrorOf([&] {
            SBlockRealize({m.i, m.j}, tirx_test::True(), m.block);
          }) == "ValueError: The realize of block `C` binds 2 values to its 3 iteration variables");
    CHECK(ErrorOf([&] {
            SBlockRealize({m.i, m.j, m.k}, I32(1), m.block);
          }) == "TypeError: `tirx.SBlockRealize.predicate` must be bool, got `int32`");
    Var x("x", PrimType::Float(32));
    CHECK(ErrorOf([&] {
            SBlockRealize({m.i, m.j, x}, tirx_test::True(), m.block);
          }) == "TypeError: `tirx.SBlockRealize.iter_values` must be an integer, got `float32`");
  }
}

TEST_SUITE("tirx.sblock structural") {
  TEST_CASE("two matmuls built apart are equal and hash equal: iteration variables rename") {
    auto one = tirx_test::MakeMatmul({true});
    auto two = tirx_test::MakeMatmul({true});
    CHECK_FALSE(one.vi.same_as(two.vi));
    CHECK(refl::StructuralEqual(one.func, two.func));
    CHECK(refl::StructuralHash(one.func) == refl::StructuralHash(two.func));
    // A block alone: its own variables are definitions, its tensors free.
    CHECK(refl::StructuralEqual(one.block, two.block, {/*map_free_vars=*/true}));
    CHECK_FALSE(refl::StructuralEqual(one.block, two.block));
  }

  TEST_CASE("a walk reports the block's definitions first, with their regions") {
    Var a = tirx_test::Tensor2D("A", 16, 16);
    Var vi("vi", PrimType::Int(32)), i("i", PrimType::Int(32));
    Var local = Tensor1D("local", 16), row = Tensor1D("row", 16);
    SBlockOptions options;
    options.alloc_buffers = {local};
    options.match_buffers = {MatchBufferRegion(row, BufferRegion(a, {Point(vi), R(0, 16)}))};
    Stmt body = TensorStore(local, {vi}, TensorLoad(row, {vi}));
    SBlock block({IterVar(vi, R(0, 16), IterVarKind::kDataPar)}, {}, {}, "b", body, options);
    std::vector<std::string> sites;
    refl::StructuralWalk(
        SBlockRealize({i}, tirx_test::True(), block),
        [&](const VarObj* var, refl::DefRegionKind kind) {
          if (var->ty.as<PrimTypeObj>() || kind != refl::DefRegionKind::kNone) {
            sites.push_back(std::string(var->name) + " " + refl::DefRegionKindName(kind));
          }
          return refl::WalkResult::Advance();
        },
        refl::WalkOrder::kPreOrder);
    // The realize's binding, then the allocation (a definition field), the iteration variable,
    // the view (a Pattern), its source's start and end, and the body's two indices.
    CHECK(sites == std::vector<std::string>{"i None", "local Simple", "vi Simple", "row Pattern",
                                            "vi None", "vi None", "vi None", "vi None"});
  }

  TEST_CASE("the name hint is ignored; the kind, the domain and the init are not") {
    auto base = tirx_test::MakeMatmul();
    auto renamed = tirx_test::MakeMatmul();
    auto other_kind = tirx_test::MakeMatmul();
    auto with_init = tirx_test::MakeMatmul({true});
    auto rebuild = [](const tirx_test::Matmul& m, const char* name, IterVarKind kind) {
      ffi::Array<IterVar> iters = m.block->iter_vars;
      iters.Set(2, IterVar(m.vk, R(0, 16), kind));
      SBlock block(iters, m.block->reads, m.block->writes, name, m.block->body);
      return SBlockRealize(m.realize->iter_values, m.realize->predicate, block);
    };
    CHECK(refl::StructuralEqual(rebuild(base, "C", IterVarKind::kCommReduce),
                                rebuild(renamed, "D", IterVarKind::kCommReduce),
                                {/*map_free_vars=*/true}));
    CHECK_FALSE(refl::StructuralEqual(rebuild(base, "C", IterVarKind::kCommReduce),
                                      rebuild(other_kind, "C", IterVarKind::kOrdered),
                                      {/*map_free_vars=*/true}));
    CHECK_FALSE(refl::StructuralEqual(base.func, with_init.func));
    auto mismatch = refl::GetFirstStructuralMismatch(base.func, with_init.func);
    REQUIRE(mismatch.has_value());
    CHECK(mismatch->first.ToString() == "<root>.body.body.body.body.block.init");
  }

  TEST_CASE("allocated tensors and match buffers are definitions: renamed copies are equal") {
    auto build = [] {
      Var a = tirx_test::Tensor2D("A", 16, 16);
      Var vi("vi", PrimType::Int(32));
      Var local = Tensor1D("local", 16);
      Var row = Tensor1D("row", 16);
      Stmt copy = TensorStore(local, {I32(0)}, TensorLoad(row, {I32(0)}));
      SBlockOptions options;
      options.alloc_buffers = {local};
      options.match_buffers = {MatchBufferRegion(row, BufferRegion(a, {Point(vi), R(0, 16)}))};
      SBlock block({IterVar(vi, R(0, 16), IterVarKind::kDataPar)}, {}, {}, "copy", copy, options);
      Var i("i", PrimType::Int(32));
      Stmt realize = SBlockRealize({i}, tirx_test::True(), block);
      return Function({a}, For(i, I32(0), I32(16), I32(1), realize));
    };
    Function one = build();
    Function two = build();
    CHECK(refl::StructuralEqual(one, two));
    CHECK(refl::StructuralHash(one) == refl::StructuralHash(two));
    CHECK(tvm::tirx::analysis::WellFormedDiagnostics(one).empty());
  }

  TEST_CASE("a block using a variable where its twin uses its own differs") {
    // vj bound to the same loop on both sides, but the body reads vi on one and vj on the other.
    auto one = tirx_test::MakeMatmul();
    auto two = tirx_test::MakeMatmul();
    Stmt swapped = TensorStore(two.c, {two.vj, two.vj}, TensorLoad(two.a, {two.vi, two.vk}));
    Stmt kept = TensorStore(one.c, {one.vi, one.vj}, TensorLoad(one.a, {one.vi, one.vk}));
    SBlock a(one.block->iter_vars, {}, {}, "C", kept);
    SBlock b(two.block->iter_vars, {}, {}, "C", swapped);
    CHECK_FALSE(refl::StructuralEqual(a, b, {true}));
    auto mismatch = refl::GetFirstStructuralMismatch(a, b, {true});
    REQUIRE(mismatch.has_value());
    CHECK(mismatch->first.ToString() == "<root>.body.indices[0]");
  }

  TEST_CASE("the mutator rewrites inside a block and shares what it did not change") {
    auto m = tirx_test::MakeMatmul({true});
    SBlock original = m.block;
    // Zero-initialise with 1.0 instead: only the init's value changes.
    Function result =
        refl::StructuralMutate(
            m.func, std::make_tuple([](FloatImm imm, refl::StructuralMutatorView&) -> ffi::Any {
              return MakeConst(PrimType(imm.dtype()), 1.0);
            }))
            .cast<Function>();
    CHECK_FALSE(result.same_as(m.func));
    const auto* realize = result->body.as<ForObj>()
                              ->body.as<ForObj>()
                              ->body.as<ForObj>()
                              ->body.as<SBlockRealizeObj>();
    REQUIRE(realize != nullptr);
    const SBlock& block = realize->block;
    CHECK_FALSE(block.same_as(original));
    CHECK(block->body.same_as(original->body));
    CHECK(block->reads.same_as(original->reads));
    CHECK(block->iter_vars.same_as(original->iter_vars));
    CHECK(block->init.value().as<TensorStoreObj>()->value.cast<FloatImm>()->value == 1.0);
    CHECK(original->init.value().as<TensorStoreObj>()->value.cast<FloatImm>()->value == 0.0);
    // Owned alone (moved in), the same nodes are updated in place.
    auto owned = tirx_test::MakeMatmul({true});
    const ffi::Object* block_before = owned.block.get();
    owned.block = SBlock();
    owned.realize = SBlockRealize();
    Function moved =
        refl::StructuralMutate(
            std::move(owned.func),
            std::make_tuple([](FloatImm imm, refl::StructuralMutatorView&) -> ffi::Any {
              return MakeConst(PrimType(imm.dtype()), 1.0);
            }))
            .cast<Function>();
    const auto* moved_realize =
        moved->body.as<ForObj>()->body.as<ForObj>()->body.as<ForObj>()->body.as<SBlockRealizeObj>();
    CHECK(moved_realize->block.get() == block_before);
  }

  TEST_CASE("renaming an iteration variable follows into every use") {
    auto m = tirx_test::MakeMatmul();
    Var fresh("vx", PrimType::Int(32));
    Function result =
        refl::StructuralMutate(
            m.func, std::make_tuple([&](Var var, refl::StructuralMutatorView&) -> ffi::Any {
              return var.same_as(m.vi) ? fresh : var;
            }))
            .cast<Function>();
    const auto* realize = result->body.as<ForObj>()
                              ->body.as<ForObj>()
                              ->body.as<ForObj>()
                              ->body.as<SBlockRealizeObj>();
    const SBlock& block = realize->block;
    CHECK(block->iter_vars[0]->var.same_as(fresh));
    CHECK(block->reads[0]->region[0]->start.same_as(fresh));
    CHECK(block->body.as<TensorStoreObj>()->indices[0].same_as(fresh));
    CHECK(refl::StructuralEqual(result, m.func));
  }
}
