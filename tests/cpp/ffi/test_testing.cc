#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/testing.h>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::CaptureError;
using ffi_test::EndsWith;
using ffi_test::LiveObjects;

TEST_SUITE("ffi.Testing") {
  TEST_CASE("testing.object_count follows the live objects") {
    Function count = Function::GetGlobalRequired("testing.object_count");
    int64_t before = count().cast<int64_t>();
    CHECK(before == LiveObjects());
    {
      testing::TestIntPair a(1, 2);
      testing::TestIntPair b(3, 4);
      CHECK(count().cast<int64_t>() == before + 2);
    }
    CHECK(count().cast<int64_t>() == before);
  }

  TEST_CASE("testing.get_current_stream sees the caller's scope") {
    Function get = Function::GetGlobalRequired("testing.get_current_stream");
    CHECK(get(static_cast<int64_t>(kDLCUDA), 0).cast<int64_t>() == 0);
    {
      StreamContextScope scope;
      scope.Record(DLDevice{kDLCUDA, 1}, reinterpret_cast<void*>(0x1234));
      CHECK(get(static_cast<int64_t>(kDLCUDA), 1).cast<int64_t>() == 0x1234);
      CHECK(get(static_cast<int64_t>(kDLCUDA), 0).cast<int64_t>() == 0);
      CHECK(get(static_cast<int64_t>(kDLCPU), 1).cast<int64_t>() == 0);
    }
    CHECK(get(static_cast<int64_t>(kDLCUDA), 1).cast<int64_t>() == 0);
  }

  TEST_CASE("testing.test_raise_error raises the given kind and message") {
    Function raise = Function::GetGlobalRequired("testing.test_raise_error");
    auto err = CaptureError([&] { raise("ValueError", "this is a message"); });
    REQUIRE(err.has_value());
    CHECK(err->kind() == "ValueError");
    CHECK(err->message() == "this is a message");
    CHECK(std::string(err->what()) == "ValueError: this is a message");
    REQUIRE(err->frames().size() == 1);
    CHECK(EndsWith(err->frames()[0].file, "core/ffi/src/testing.cc"));
    CHECK(err->frames()[0].line > 0);
    CHECK(err->frames()[0].func.find("TestRaiseError") != std::string::npos);
    CHECK_THROWS_WITH_AS(raise("KeyError", "k"), "KeyError: k", Error);
    CHECK_THROWS_WITH_AS(raise("ValueError"),
                         "TypeError: Mismatched number of arguments when calling: "
                         "`testing.test_raise_error(0: str, 1: str) -> None`. Expected 2 but got 1 "
                         "arguments",
                         Error);
  }

  TEST_CASE("testing.make_test_node builds a node with a shared leaf") {
    Function make = Function::GetGlobalRequired("testing.make_test_node");
    testing::TestNode node = make("n").cast<testing::TestNode>();
    CHECK(node->name == "n");
    CHECK(node->value == 7);
    CHECK(node->dtype == DataType::Float(32));
    CHECK(node->body->name == "n.leaf");
    REQUIRE(node->children.size() == 1);
    CHECK(node->children[0].same_as(node->body));
    CHECK(node->attrs.at("k").cast<int64_t>() == 1);
    CHECK_FALSE(node->parent.has_value());
  }

  TEST_CASE("testing.nop returns None") {
    CHECK(Function::GetGlobalRequired("testing.nop")().is_none());
  }
}
