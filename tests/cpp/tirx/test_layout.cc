// Layout nodes: the axis table and its interning, the constructors' checks and their messages,
// the derived swizzle masks, structural equality through reflection, and a tensor type holding a
// layout.
#include <doctest/doctest.h>
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ffi/reflection/structural_hash.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/layout.h>

#include <string>

#include "../ffi/test_util.h"
#include "sblock_matmul.h"

namespace {

using namespace tvm::ir;
using namespace tvm::tirx;
using tirx_test::I32;
namespace ffi = tvm::ffi;
namespace refl = tvm::ffi::reflection;

using ffi_test::ErrorOf;

int64_t ConstOf(const Expr& e) { return e.cast<IntImm>()->value; }

/*! \brief `T.S[(8, 4):(4 @ laneid, 1)] + T.R[2:1 @ warpid] + 3`. */
TileLayout WarpFragment() {
  Iter rows(I32(8), I32(4), Axis::Get("laneid"));
  Iter cols(I32(4), I32(1), Axis::Get("m"));
  Iter copies(I32(2), I32(1), Axis::Get("warpid"));
  return TileLayout({rows, cols}, {copies}, ffi::Map<Axis, Expr>{{Axis::Get("m"), I32(3)}});
}

/*! \brief `T.S[8:1]`. */
TileLayout Tile8() { return TileLayout({Iter(I32(8), I32(1), Axis::Get("m"))}, {}, {}); }

}  // namespace

TEST_SUITE("tirx.layout nodes") {
  TEST_CASE("an axis is one object per name, classified as the reference classifies it") {
    CHECK(Axis::Get("laneid").same_as(Axis::Get("laneid")));
    CHECK(Axis::Get("laneid")->IsThreadAxis());
    CHECK_FALSE(Axis::Get("m")->IsThreadAxis());
    CHECK_FALSE(Axis::Get("TLane")->IsThreadAxis());
    CHECK(std::string(Axis::Get("wgid")->info().subscope) == "cuda.warpgroup");
    CHECK(std::string(Axis::Get("P")->info().backend) == "trn");
    CHECK(KnownAxes().size() == 18);
  }

  TEST_CASE("an unknown axis name is a ValueError naming the close ones") {
    CHECK(ErrorOf([] { Axis::Get("tlane"); }) ==
          "ValueError: unknown layout axis `tlane`: did you mean `TLane`? (the axes are m, the "
          "CUDA axes bx, by, bz, cbx, cby, cbz, tx, warpid, laneid, wgid, tid_in_wg, wid_in_wg, "
          "TCol, TLane and the Trainium axes P, F, Bank)");
    CHECK(ErrorOf([] {
            Axis::Get("lane");
          }).rfind("ValueError: unknown layout axis `lane`: did you mean `laneid`, `TLane`?", 0) ==
          0);
    CHECK(ErrorOf([] {
            Axis::Get("qqq");
          }).rfind("ValueError: unknown layout axis `qqq` (the axes are m, ", 0) == 0);
  }

  TEST_CASE("a factor takes integer extents and strides") {
    Iter iter(I32(8), I32(2), Axis::Get("m"));
    CHECK(ConstOf(iter->extent) == 8);
    CHECK(ConstOf(iter->stride) == 2);
    CHECK(iter->axis.same_as(Axis::Get("m")));
    Expr half = MakeConst(PrimType::Float(32), 8.0);
    CHECK(ErrorOf([&] { Iter(half, I32(1), Axis::Get("m")); }) ==
          "TypeError: `Iter.extent` must be an integer, got `float32`");
    CHECK(ErrorOf([&] { Iter(I32(8), Expr(), Axis::Get("m")); }) ==
          "ValueError: `Iter.stride` is None");
    CHECK(ErrorOf([&] { Iter(I32(8), I32(1), Axis()); }) == "ValueError: `Iter.axis` is None");
  }

  TEST_CASE("a tile layout holds its factors and origins; an origin is an integer") {
    TileLayout layout = WarpFragment();
    CHECK(layout->shard.size() == 2);
    CHECK(layout->replica[0]->axis.same_as(Axis::Get("warpid")));
    CHECK(ConstOf(layout->offset.at(Axis::Get("m"))) == 3);
    Expr flag = MakeConst(PrimType::Bool(), int64_t{1});
    CHECK(ErrorOf([&] {
            TileLayout({}, {}, ffi::Map<Axis, Expr>{{Axis::Get("m"), flag}});
          }) == "TypeError: `TileLayout.offset` must be an integer, got `bool`");
  }

  TEST_CASE("a compose layout checks its bit counts and derives its masks") {
    ComposeLayout swizzle(3, 3, 4, Tile8(), false);
    CHECK(swizzle->inner_mask == 7);
    CHECK(swizzle->outer_mask == 112);
    CHECK_FALSE(swizzle->swizzle_inner);
    CHECK(ErrorOf([] { ComposeLayout(0, 3, 2, Tile8()); }) ==
          "ValueError: A compose layout requires nonnegative per_element and swizzle_len, and "
          "atom_len >= swizzle_len (got per_element=0, swizzle_len=3, atom_len=2)");
    CHECK(ErrorOf([] {
            ComposeLayout(-1, 0, 0, Tile8());
          }).rfind("ValueError: A compose layout requires nonnegative", 0) == 0);
    CHECK(ErrorOf([] { ComposeLayout(0, 31, 32, Tile8()); }) ==
          "ValueError: ComposeLayout: swizzle_len + atom_len must be at most 62 bits, got 31 "
          "+ 32");
    CHECK(ErrorOf([] { ComposeLayout(0, 1, 1, TileLayout()); }) ==
          "ValueError: `ComposeLayout.tile_layout` is None");
  }

  TEST_CASE("layouts compare and hash by their fields") {
    CHECK(refl::StructuralEqual(WarpFragment(), WarpFragment()));
    CHECK(refl::StructuralHash(WarpFragment()) == refl::StructuralHash(WarpFragment()));
    TileLayout other({Iter(I32(8), I32(4), Axis::Get("tx"))}, {}, {});
    CHECK_FALSE(refl::StructuralEqual(
        TileLayout({Iter(I32(8), I32(4), Axis::Get("laneid"))}, {}, {}), other));
    CHECK_FALSE(refl::StructuralEqual(ComposeLayout(0, 2, 3, WarpFragment()),
                                      ComposeLayout(0, 2, 3, WarpFragment(), false)));
  }

  TEST_CASE("a tensor type holds a layout and refuses anything else there") {
    TensorTypeOptions options;
    options.layout = WarpFragment();
    TensorType ty(ffi::DataType::Float(32), {I32(8), I32(4)}, options);
    CHECK(ty->layout.value().same_as(options.layout.value()));
    TensorType plain(ffi::DataType::Float(32), {I32(8), I32(4)});
    CHECK_FALSE(plain->layout.has_value());
    CHECK_FALSE(refl::StructuralEqual(ty, plain));
    TensorTypeOptions wrong;
    wrong.layout = Axis::Get("m");
    CHECK(ErrorOf([&] { TensorType(ffi::DataType::Float(32), {I32(8)}, wrong); }) ==
          "TypeError: `TensorType.layout` must be a layout, got `tirx.Axis`");
  }
}
