#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>

#include <exception>
#include <string>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::CaptureError;
using ffi_test::EndsWith;

namespace error_test {

int throw_line = 0;

void ThrowValueError(int value) {
  throw_line = __LINE__ + 1;
  TVM_FFI_THROW(ValueError) << "bad value " << value << "!";
}

int check_line = 0;

int CheckPositive(int value) {
  check_line = __LINE__ + 1;
  TVM_FFI_ICHECK(value > 0) << "got " << value;
  return value;
}

int CheckUserInput(int value) {
  TVM_FFI_CHECK(value != 0, ZeroDivisionError) << "division by zero";
  return 10 / value;
}

}  // namespace error_test

TEST_SUITE("ffi.Error") {
  TEST_CASE("TVM_FFI_THROW sets the kind, the message and one frame at the throw site") {
    auto err = CaptureError([] { error_test::ThrowValueError(3); });
    REQUIRE(err.has_value());
    CHECK(err->kind() == "ValueError");
    CHECK(err->message() == "bad value 3!");
    CHECK(std::string(err->what()) == "ValueError: bad value 3!");
    REQUIRE(err->frames().size() == 1);
    const ErrorFrame& frame = err->frames()[0];
    CHECK(EndsWith(frame.file, "test_error.cc"));
    CHECK(frame.file == __FILE__);
    CHECK(frame.line == error_test::throw_line);
    CHECK(frame.func == "void error_test::ThrowValueError(int)");
  }

  TEST_CASE("an Error is a std::exception") {
    try {
      error_test::ThrowValueError(1);
      FAIL("no exception");
    } catch (const std::exception& e) {
      CHECK(std::string(e.what()) == "ValueError: bad value 1!");
    }
  }

  TEST_CASE("TVM_FFI_ICHECK throws an InternalError quoting the condition") {
    CHECK(error_test::CheckPositive(2) == 2);
    auto err = CaptureError([] { error_test::CheckPositive(-1); });
    REQUIRE(err.has_value());
    CHECK(err->kind() == "InternalError");
    CHECK(err->message() == "Check failed: (value > 0) is false: got -1");
    REQUIRE(err->frames().size() == 1);
    CHECK(err->frames()[0].line == error_test::check_line);
    CHECK(err->frames()[0].func == "int error_test::CheckPositive(int)");
  }

  TEST_CASE("TVM_FFI_CHECK throws the given kind") {
    CHECK(error_test::CheckUserInput(5) == 2);
    CHECK_THROWS_WITH_AS(error_test::CheckUserInput(0), "ZeroDivisionError: division by zero",
                         Error);
  }

  TEST_CASE("the stream builds the message only when the check fails") {
    int evaluated = 0;
    auto count = [&evaluated]() {
      ++evaluated;
      return "x";
    };
    TVM_FFI_ICHECK(true) << count();
    CHECK(evaluated == 0);
    auto err = CaptureError([&] { TVM_FFI_ICHECK(false) << count(); });
    REQUIRE(err.has_value());
    CHECK(evaluated == 1);
    CHECK(err->message() == "Check failed: (false) is false: x");
  }

  TEST_CASE("constructing an Error directly") {
    Error e("KeyError", "'k'", {ErrorFrame{"a.py", 3, "f"}});
    CHECK(e.kind() == "KeyError");
    CHECK(e.message() == "'k'");
    CHECK(std::string(e.what()) == "KeyError: 'k'");
    REQUIRE(e.frames().size() == 1);
    CHECK(e.frames()[0].file == "a.py");
    CHECK(e.frames()[0].line == 3);
    CHECK(e.frames()[0].func == "f");
    Error no_frames("RuntimeError", "");
    CHECK(no_frames.frames().empty());
    CHECK(std::string(no_frames.what()) == "RuntimeError: ");
  }

  TEST_CASE("AppendFrame adds outer frames after the throw site") {
    Error e("ValueError", "m", {ErrorFrame{"inner.cc", 10, "inner"}});
    Error alias = e;
    e.AppendFrame(ErrorFrame{"outer.py", 20, "outer"});
    REQUIRE(alias.frames().size() == 2);  // the frames belong to the shared object
    CHECK(alias.frames()[0].func == "inner");
    CHECK(alias.frames()[1].file == "outer.py");
    CHECK(alias.frames()[1].line == 20);
    CHECK(alias.frames()[1].func == "outer");
    CHECK(std::string(e.what()) == "ValueError: m");
  }

  TEST_CASE("FullText lists the frames innermost first") {
    Error e("TypeError", "wrong", {ErrorFrame{"inner.cc", 10, "void inner()"}});
    e.AppendFrame(ErrorFrame{"outer.py", 20, "main"});
    CHECK(e.FullText() ==
          "TypeError: wrong\n"
          "  File \"inner.cc\", line 10, in void inner()\n"
          "  File \"outer.py\", line 20, in main");
    CHECK(Error("ValueError", "alone").FullText() == "ValueError: alone");
  }

  TEST_CASE("an Error passes through Any and back") {
    Error e("ValueError", "carried", {ErrorFrame{"f.cc", 1, "g"}});
    Any a(e);
    CHECK(a.type_index() == TypeIndex::kError);
    CHECK(a.GetTypeKey() == "ffi.Error");
    CHECK(e.use_count() == 2);
    Error back = a.cast<Error>();
    CHECK(back.same_as(e));
    CHECK(back.kind() == "ValueError");
    CHECK(back.message() == "carried");
    CHECK(back.frames().size() == 1);
    CHECK(a.as<ErrorObj>() == e.get());
    CHECK_FALSE(Any().try_cast<Error>().has_value());
    CHECK_THROWS_WITH_AS(Any(1).cast<Error>(),
                         "TypeError: Cannot convert from type `int` to `ffi.Error`", Error);
  }

  TEST_CASE("an Error caught from a function can be returned as a value") {
    Function catcher = Function::FromTyped([](Function f) -> Any {
      try {
        f();
      } catch (const Error& e) {
        return e;
      }
      return Any();
    });
    Function thrower =
        Function::FromPacked([](PackedArgs, Any*) { TVM_FFI_THROW(IndexError) << "out of range"; });
    Error e = catcher(thrower).cast<Error>();
    CHECK(e.kind() == "IndexError");
    CHECK(e.message() == "out of range");
  }

  TEST_CASE("errors are freed") {
    int64_t baseline = ffi_test::LiveObjects();
    {
      auto err = CaptureError([] { error_test::ThrowValueError(1); });
      CHECK(err.has_value());
    }
    CHECK(ffi_test::LiveObjects() == baseline);
  }
}
