// Device-kernel statements: the checks of DeviceRegion and ScopeIdDef, their reflected
// definition regions, structural equality up to renaming, and well-formedness of the variables
// a scope id defines for the rest of its sequence.
#include <doctest/doctest.h>
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/tirx/analysis.h>
#include <tvm/tirx/device.h>
#include <tvm/tirx/function.h>

#include <string>
#include <vector>

#include "../ffi/test_util.h"
#include "sblock_matmul.h"

namespace {

using namespace tvm::ir;
using namespace tvm::tirx;
using tirx_test::I32;
namespace ffi = tvm::ffi;
namespace refl = tvm::ffi::reflection;

using ffi_test::ErrorOf;

Var IndexVar(const char* name) { return Var(name, PrimType::Int(32)); }

/*! \brief `with T.device_entry(): bx = T.cta_id([4]); T.evaluate(bx + 1)` in a function. */
Function KernelOf(const Var& bx, bool use_before_definition) {
  Stmt def = ScopeIdDef({bx}, "cta_id", ffi::Array<Expr>{I32(4)}, std::nullopt);
  Stmt use = Evaluate(Add(bx, I32(1)));
  ffi::Array<Stmt> seq =
      use_before_definition ? ffi::Array<Stmt>{use, def} : ffi::Array<Stmt>{def, use};
  Stmt region = DeviceRegion("device_entry", {}, {}, SeqStmt(seq));
  FunctionOptions options;
  options.attrs = ffi::Map<ffi::String, ffi::Any>{{"global_symbol", ffi::String("k")}};
  return Function({}, region, options);
}

}  // namespace

TEST_SUITE("tirx.device nodes") {
  TEST_CASE("a scope id holds its variables, member and extents") {
    Var tx = IndexVar("tx"), ty = IndexVar("ty");
    ScopeIdDef def({tx, ty}, "thread_id", ffi::Array<Expr>{I32(8), I32(4)}, std::nullopt);
    CHECK(def->member == "thread_id");
    CHECK(def->vars[1].same_as(ty));
    CHECK(def->extents.value()[0].cast<IntImm>()->value == 8);
    CHECK_FALSE(def->preferred.has_value());
  }

  TEST_CASE("a scope id's checks name the member") {
    Var x = IndexVar("x");
    CHECK(ErrorOf([&] { ScopeIdDef({x}, "block_id", std::nullopt, std::nullopt); }) ==
          "ValueError: `T.block_id` is not a scope id");
    Var wide("w", PrimType::Int(64));
    CHECK(ErrorOf([&] { ScopeIdDef({wide}, "warp_id", std::nullopt, std::nullopt); }) ==
          "ValueError: dtype of a loop/scope-id var must be \"int32\" or \"uint32\", got int64");
    CHECK(ErrorOf([&] {
            ScopeIdDef({x}, "cta_id", ffi::Array<Expr>{I32(4)}, ffi::Array<Expr>{I32(2)});
          }) ==
          "ValueError: preferred is only valid when parent=\"cluster\", got "
          "parent=\"kernel\" (`T.cta_id`)");
    CHECK(ErrorOf([&] { ScopeIdDef({x}, "lane_id", ffi::Array<Expr>{}, std::nullopt); }) ==
          "ValueError: `T.lane_id` takes at least one extent, or none to leave it to the "
          "lowering (`T.lane_id()`)");
    CHECK(ErrorOf([&] { ScopeIdDef({x}, "cta_id_in_pair", std::nullopt, std::nullopt); }) ==
          "ValueError: `T.cta_id_in_pair` defines one variable of extent 2");
  }

  TEST_CASE("a region checks its operands as the reference does") {
    Stmt body = Evaluate(I32(0));
    CHECK(DeviceRegion("compute_scope", {StringImm("pack")}, {}, body)->region == "compute_scope");
    CHECK(ErrorOf([&] { DeviceRegion("compute_scope", {I32(3)}, {}, body); }) ==
          "TypeError: `T.compute_scope` takes the helper's name as a string, got `int32`");
    CHECK(ErrorOf([&] { DeviceRegion("parallel_launch", {I32(1)}, {}, body); }) ==
          "ValueError: `T.parallel_launch` takes 0 operands, got 1");
    CHECK(ErrorOf([&] {
            DeviceRegion("warp_scope", {}, {}, body);
          }).rfind("ValueError: `warp_scope` is not a device region", 0) == 0);
    CHECK(DeviceRegionNames() == std::vector<std::string>{"device_entry", "device_scope",
                                                          "compute_scope", "device_context",
                                                          "parallel_launch"});
  }

  TEST_CASE("scope ids define their variables: equal up to renaming, well-formed") {
    Function one = KernelOf(IndexVar("bx"), false);
    Function two = KernelOf(IndexVar("block"), false);
    CHECK(refl::StructuralEqual(one, two));
    CHECK(analysis::WellFormedDiagnostics(one).empty());
    ffi::Array<Diagnostic> problems =
        analysis::WellFormedDiagnostics(KernelOf(IndexVar("bx"), true));
    REQUIRE(problems.size() == 1);
    CHECK(std::string(problems[0]->code) == "out-of-scope-use");
    CHECK(std::string(problems[0]->message) == "variable `bx` is used outside its scope");
  }
}
