#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/testing.h>

using namespace tvm::ffi;

TEST_SUITE("ffi.Object") {
  TEST_CASE("make_object sets the type and same_as compares identity") {
    testing::TestIntPair pair(1, 2);
    testing::TestIntPair alias = pair;
    CHECK(alias.same_as(pair));
    CHECK(pair->a == 1);
    CHECK(pair->GetTypeKey() == "testing.TestIntPair");
    CHECK(pair.use_count() == 2);
  }
}
