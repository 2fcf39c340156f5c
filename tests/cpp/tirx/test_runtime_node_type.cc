// The structural utilities need no per-type code: a node type registered at run time, here in
// the test, is walked, mapped, compared, hashed and printed without any edit to core or printer.
#include <doctest/doctest.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ffi/reflection/structural_hash.h>
#include <tvm/ffi/reflection/structural_walk.h>
#include <tvm/ir/script.h>
#include <tvm/tirx/op.h>

#include <string>
#include <vector>

namespace {

using namespace tvm::ir;
using namespace tvm::tirx;
namespace ffi = tvm::ffi;
namespace refl = tvm::ffi::reflection;
using refl::DefRegionKind;

/*! \brief `with region(pattern...) as bound: value`: a Simple and a Pattern field. */
class RegionNodeObj : public ffi::Object {
 public:
  Var bound;
  ffi::Array<Var> pattern;
  Expr value;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("testing.RuntimeRegion", RegionNodeObj, ffi::Object);
};

class RegionNode : public ffi::ObjectRef {
 public:
  RegionNode(Var bound, ffi::Array<Var> pattern, Expr value) {
    auto node = ffi::make_object<RegionNodeObj>();
    node->bound = std::move(bound);
    node->pattern = std::move(pattern);
    node->value = std::move(value);
    data_ = std::move(node);
  }
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NOTNULLABLE(RegionNode, ffi::ObjectRef, RegionNodeObj);
};

/*! \brief Registers the type's fields now, at run time (the test's first use). */
void RegisterRegionNode() {
  static bool registered = [] {
    refl::ObjectDef<RegionNodeObj>()
        .def_ro("bound", &RegionNodeObj::bound, DefRegionKind::kSimple)
        .def_ro("pattern", &RegionNodeObj::pattern, DefRegionKind::kPattern)
        .def_ro("value", &RegionNodeObj::value);
    return true;
  }();
  (void)registered;
}

struct Example {
  Var x, m, y;
  RegionNode node;
};

Example MakeExample(const char* suffix = "") {
  RegisterRegionNode();
  Var x(std::string("x") + suffix, PrimType::Int(32));
  Var m(std::string("m") + suffix, PrimType::Int(32));
  Var y(std::string("y") + suffix, PrimType::Int(32));
  return Example{x, m, y, RegionNode(x, {m, y}, x * m + y)};
}

}  // namespace

TEST_SUITE("structural utilities on a type registered at run time") {
  TEST_CASE("the type was not known before the test registered it") {
    RegisterRegionNode();
    const refl::TypeInfo* info = refl::GetTypeInfo("testing.RuntimeRegion");
    REQUIRE(info != nullptr);
    REQUIRE(info->fields.size() == 3);
    CHECK(info->fields[0].def_region == DefRegionKind::kSimple);
    CHECK(info->fields[1].def_region == DefRegionKind::kPattern);
  }

  TEST_CASE("walk reports its definition regions") {
    Example e = MakeExample();
    std::vector<std::string> sites;
    refl::StructuralWalk(
        e.node,
        [&](Var var, DefRegionKind kind) {
          sites.push_back(std::string(var->name) + " " + refl::DefRegionKindName(kind));
          return refl::WalkResult::Advance();
        },
        refl::WalkOrder::kPreOrder);
    CHECK(sites == std::vector<std::string>{"x Simple", "m Pattern", "y Pattern", "x None",
                                            "m None", "y None"});
  }

  TEST_CASE("map rebuilds it through reflection, uses following their definition") {
    Example e = MakeExample();
    Var renamed("m2", PrimType::Int(32));
    ffi::Any mapped = refl::StructuralMap(
        e.node,
        [&](Var var, DefRegionKind kind) -> Expr {
          if (var.same_as(e.m) && kind == DefRegionKind::kPattern) return renamed;
          return var;
        },
        refl::WalkOrder::kPostOrder);
    RegionNode result = mapped.cast<RegionNode>();
    CHECK_FALSE(result.same_as(e.node));
    CHECK(result->pattern[0].same_as(renamed));
    CHECK(result->value.cast<Add>()->a.cast<Mul>()->b.same_as(renamed));
    CHECK(result->bound.same_as(e.x));
    CHECK(e.node->pattern[0].same_as(e.m));
  }

  TEST_CASE("equality maps its definitions by position and hashing agrees") {
    Example a = MakeExample();
    Example renamed = MakeExample("_r");
    CHECK(refl::StructuralEqual(a.node, renamed.node));
    CHECK(refl::StructuralHash(a.node) == refl::StructuralHash(renamed.node));
    // Swapping the pattern's order changes which definition each use meets.
    RegionNode swapped(renamed.x, {renamed.y, renamed.m}, renamed.x * renamed.m + renamed.y);
    CHECK_FALSE(refl::StructuralEqual(a.node, swapped));
    auto mismatch = refl::GetFirstStructuralMismatch(a.node, swapped);
    REQUIRE(mismatch.has_value());
    CHECK(mismatch->first.ToString() == "<root>.value.a.b");
  }

  TEST_CASE("it prints through the printer's reflection fallback") {
    Example e = MakeExample();
    CHECK(std::string(Script(e.node)) ==
          "testing.RuntimeRegion(bound=x, pattern=[m, y], value=x * m + y)");
  }
}
