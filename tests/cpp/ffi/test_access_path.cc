// AccessPath: construction, printing, comparison and prefix tests.
#include <doctest/doctest.h>
#include <tvm/ffi/reflection/access_path.h>

#include <unordered_set>

using tvm::ffi::String;
using tvm::ffi::reflection::AccessKind;
using tvm::ffi::reflection::AccessPath;
using tvm::ffi::reflection::AccessPathEqual;
using tvm::ffi::reflection::AccessPathHash;

TEST_SUITE("ffi.AccessPath") {
  TEST_CASE("the root is one shared object with no steps") {
    CHECK(AccessPath::Root().same_as(AccessPath::Root()));
    CHECK(AccessPath::Root().is_root());
    CHECK(AccessPath::Root().ToString() == "<root>");
    CHECK(AccessPath::Root().Parent().same_as(AccessPath::Root()));
  }

  TEST_CASE("steps print as attribute access, indices and keys") {
    AccessPath path = AccessPath::Root().Attr("body").ArrayItem(2).MapItem(String("k"));
    CHECK(path.ToString() == "<root>.body[2][\"k\"]");
    CHECK(path->depth == 3);
    CHECK(path.kind() == AccessKind::kMapItem);
    CHECK(AccessPath::Root().AttrMissing("else_case").ToString() == "<root>.else_case(missing)");
    CHECK(AccessPath::Root().ArrayItemMissing(4).ToString() == "<root>[4](missing)");
  }

  TEST_CASE("equality and hashing follow the steps, not identity") {
    AccessPath a = AccessPath::Root().Attr("a").ArrayItem(1);
    AccessPath b = AccessPath::Root().Attr("a").ArrayItem(1);
    CHECK_FALSE(a.same_as(b));
    CHECK(a.PathEqual(b));
    CHECK(a.PathHash() == b.PathHash());
    CHECK_FALSE(a.PathEqual(AccessPath::Root().Attr("a").ArrayItemMissing(1)));
    CHECK_FALSE(a.PathEqual(AccessPath::Root().Attr("b").ArrayItem(1)));
    CHECK_FALSE(a.PathEqual(a.Parent()));
    std::unordered_set<AccessPath, AccessPathHash, AccessPathEqual> set{a, b};
    CHECK(set.size() == 1);
  }

  TEST_CASE("prefixes") {
    AccessPath body = AccessPath::Root().Attr("body");
    AccessPath deep = body.Attr("seq").ArrayItem(0);
    CHECK(body.IsPrefixOf(deep));
    CHECK(deep.IsPrefixOf(deep));
    CHECK(AccessPath::Root().IsPrefixOf(deep));
    CHECK_FALSE(deep.IsPrefixOf(body));
    CHECK_FALSE(AccessPath::Root().Attr("other").IsPrefixOf(deep));
    auto steps = deep.ToSteps();
    REQUIRE(steps.size() == 3);
    CHECK(steps[1].ToString() == "<root>.seq");
  }
}
