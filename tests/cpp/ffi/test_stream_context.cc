#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>

#include <thread>

using namespace tvm::ffi;

namespace stream_context_test {

const DLDevice kCuda0{kDLCUDA, 0};
const DLDevice kCuda1{kDLCUDA, 1};
const DLDevice kRocm0{kDLROCM, 0};

void* Stream(uintptr_t id) { return reinterpret_cast<void*>(id); }

}  // namespace stream_context_test

using stream_context_test::kCuda0;
using stream_context_test::kCuda1;
using stream_context_test::kRocm0;
using stream_context_test::Stream;

TEST_SUITE("ffi.StreamContext") {
  TEST_CASE("no scope means no stream") {
    CHECK(GetCurrentStream(kCuda0) == nullptr);
    CHECK(GetCurrentStream(DLDevice{kDLCPU, 0}) == nullptr);
  }

  TEST_CASE("a scope records streams per device") {
    {
      StreamContextScope scope;
      CHECK(GetCurrentStream(kCuda0) == nullptr);
      scope.Record(kCuda0, Stream(0x10));
      scope.Record(kCuda1, Stream(0x11));
      CHECK(GetCurrentStream(kCuda0) == Stream(0x10));
      CHECK(GetCurrentStream(kCuda1) == Stream(0x11));
      CHECK(GetCurrentStream(kRocm0) == nullptr);
      // A later record for the same device replaces the earlier one.
      scope.Record(kCuda0, Stream(0x20));
      CHECK(GetCurrentStream(kCuda0) == Stream(0x20));
    }
    CHECK(GetCurrentStream(kCuda0) == nullptr);
    CHECK(GetCurrentStream(kCuda1) == nullptr);
  }

  TEST_CASE("nested scopes: the innermost record wins and ends with its scope") {
    StreamContextScope outer;
    outer.Record(kCuda0, Stream(0x1));
    outer.Record(kRocm0, Stream(0x2));
    {
      StreamContextScope inner;
      // Devices the inner scope did not record fall through to the outer records.
      CHECK(GetCurrentStream(kCuda0) == Stream(0x1));
      inner.Record(kCuda0, Stream(0x3));
      CHECK(GetCurrentStream(kCuda0) == Stream(0x3));
      CHECK(GetCurrentStream(kRocm0) == Stream(0x2));
      {
        StreamContextScope innermost;
        innermost.Record(kCuda0, Stream(0x4));
        CHECK(GetCurrentStream(kCuda0) == Stream(0x4));
      }
      CHECK(GetCurrentStream(kCuda0) == Stream(0x3));
    }
    CHECK(GetCurrentStream(kCuda0) == Stream(0x1));
    CHECK(GetCurrentStream(kRocm0) == Stream(0x2));
  }

  TEST_CASE("an outer record made while an inner scope is open does not override it") {
    StreamContextScope outer;
    {
      StreamContextScope inner;
      inner.Record(kCuda0, Stream(0x3));
      outer.Record(kCuda0, Stream(0x1));
      CHECK(GetCurrentStream(kCuda0) == Stream(0x3));
    }
    CHECK(GetCurrentStream(kCuda0) == Stream(0x1));
  }

  TEST_CASE("an inner record is dropped when its scope ends, whatever was recorded after it") {
    {
      StreamContextScope outer;
      {
        StreamContextScope inner;
        inner.Record(kCuda1, Stream(0x3));
        outer.Record(kCuda0, Stream(0x1));
      }
      CHECK(GetCurrentStream(kCuda1) == nullptr);
      CHECK(GetCurrentStream(kCuda0) == Stream(0x1));
    }
    CHECK(GetCurrentStream(kCuda0) == nullptr);
  }

  TEST_CASE("records are per thread") {
    StreamContextScope scope;
    scope.Record(kCuda0, Stream(0x5));
    void* seen = Stream(0xdead);
    std::thread other([&seen] { seen = GetCurrentStream(kCuda0); });
    other.join();
    CHECK(seen == nullptr);
    CHECK(GetCurrentStream(kCuda0) == Stream(0x5));
  }
}
