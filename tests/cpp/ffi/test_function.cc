#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/testing.h>

#include <algorithm>
#include <string>
#include <vector>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::CaptureError;
using ffi_test::LiveObjects;
using testing::TestBase;
using testing::TestIntPair;

namespace function_test {

int64_t Twice(int64_t x) { return 2 * x; }

bool Contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace function_test

using function_test::Contains;

TEST_SUITE("ffi.Function") {
  TEST_CASE("FromPacked sees every argument and sets the result") {
    Function f = Function::FromPacked([](PackedArgs args, Any* rv) {
      int64_t sum = 0;
      for (int32_t i = 0; i < args.size(); ++i) sum += args[i].cast<int64_t>();
      *rv = sum * 10 + args.size();
    });
    CHECK(f(1, 2, 3).cast<int64_t>() == 63);
    CHECK(f().cast<int64_t>() == 0);
    CHECK(f->type_index() == TypeIndex::kFunction);
  }

  TEST_CASE("FromPacked passes strings and objects as borrowed views") {
    TestIntPair pair(1, 2);
    Function f = Function::FromPacked([&](PackedArgs args, Any* rv) {
      CHECK(args[0].type_index() == TypeIndex::kRawStr);
      CHECK(args[1].as<testing::TestIntPairObj>() == pair.get());
      CHECK(pair.use_count() == 1);  // a view, no extra reference
      *rv = args[1];
    });
    Any result = f("text", pair);
    CHECK(result.as<testing::TestIntPairObj>() == pair.get());
    CHECK(pair.use_count() == 2);
  }

  TEST_CASE("calling a null Function raises ValueError instead of crashing") {
    Function null_function;
    CHECK_THROWS_WITH_AS(null_function(1), "ValueError: Cannot call a null Function (None)", Error);
    Any rv;
    CHECK_THROWS_WITH_AS(null_function.CallPacked(PackedArgs(nullptr, 0), &rv),
                         "ValueError: Cannot call a null Function (None)", Error);
  }

  TEST_CASE("FromPacked leaves None when nothing is set") {
    Function f = Function::FromPacked([](PackedArgs, Any*) {});
    CHECK(f(1).is_none());
  }

  TEST_CASE("FromTyped returns the callable's result") {
    Function add = Function::FromTyped([](int64_t a, int64_t b) { return a + b; }, "add");
    CHECK(add(2, 3).cast<int64_t>() == 5);
    Function concat =
        Function::FromTyped([](String a, std::string b) { return a.str() + b; }, "concat");
    Any joined = concat("ab", std::string("cd"));
    CHECK(joined.type_index() == TypeIndex::kStr);
    CHECK(joined.cast<String>() == "abcd");
    Function twice = Function::FromTyped(function_test::Twice, "twice");
    CHECK(twice(21).cast<int64_t>() == 42);
  }

  TEST_CASE("FromTyped with a void result returns None") {
    int64_t seen = 0;
    Function f = Function::FromTyped([&seen](int64_t x) { seen = x; }, "store");
    Any result = f(9);
    CHECK(result.is_none());
    CHECK(seen == 9);
  }

  TEST_CASE("FromTyped converts arguments") {
    Function f = Function::FromTyped(
        [](double x, int64_t y, DataType t, String s) {
          return x + static_cast<double>(y) + t.bits() + static_cast<double>(s.size());
        },
        "mix");
    // int -> double, bool -> int, str -> DataType, const char* -> String.
    CHECK(f(1, true, "float16", "abc").cast<double>() == 21.0);
  }

  TEST_CASE("FromTyped takes Any and AnyView arguments unchanged") {
    Function f = Function::FromTyped(
        [](Any a, AnyView b) { return a.GetTypeKey() + "," + b.GetTypeKey(); }, "kinds");
    CHECK(f(1, 2.0).cast<std::string>() == "int,float");
    CHECK(f("s", TestIntPair(1, 2)).cast<std::string>() == "ffi.String,testing.TestIntPair");
  }

  TEST_CASE("FromTyped returns objects and containers") {
    Function f = Function::FromTyped([](int64_t n) {
      Array<int64_t> out;
      for (int64_t i = 0; i < n; ++i) out.push_back(i);
      return out;
    });
    Array<int64_t> result = f(3).cast<Array<int64_t>>();
    CHECK(result.size() == 3);
    CHECK(result[2] == 2);
  }

  TEST_CASE("a wrong argument count is a TypeError showing the signature") {
    Function add = Function::FromTyped([](int64_t a, String b) { return a + b.size(); }, "add");
    CHECK_THROWS_WITH_AS(add(1),
                         "TypeError: Mismatched number of arguments when calling: "
                         "`add(0: int, 1: str) -> int`. Expected 2 but got 1 arguments",
                         Error);
    CHECK_THROWS_WITH_AS(add(1, "x", 3),
                         "TypeError: Mismatched number of arguments when calling: "
                         "`add(0: int, 1: str) -> int`. Expected 2 but got 3 arguments",
                         Error);
    Function nothing = Function::FromTyped([]() {}, "nothing");
    CHECK_THROWS_WITH_AS(nothing(1),
                         "TypeError: Mismatched number of arguments when calling: "
                         "`nothing() -> None`. Expected 0 but got 1 arguments",
                         Error);
  }

  TEST_CASE("a wrong argument type is a TypeError naming the argument and both types") {
    Function f = Function::FromTyped(
        [](int64_t a, String b, Array<TestBase> c) {
          return a + static_cast<int64_t>(b.size() + c.size());
        },
        "f");
    const char* signature = "`f(0: int, 1: str, 2: Array<testing.TestBase>) -> int`";
    CHECK_THROWS_WITH_AS(f("x", "y", Array<Any>()),
                         ("TypeError: Mismatched type on argument #0 when calling: " +
                          std::string(signature) + ". Expected `int` but got `str`")
                             .c_str(),
                         Error);
    CHECK_THROWS_WITH_AS(f(1, 2, Array<Any>()),
                         ("TypeError: Mismatched type on argument #1 when calling: " +
                          std::string(signature) + ". Expected `str` but got `int`")
                             .c_str(),
                         Error);
    CHECK_THROWS_WITH_AS(
        f(1, "y", Array<Any>({1})),
        ("TypeError: Mismatched type on argument #2 when calling: " + std::string(signature) +
         ". Expected `Array<testing.TestBase>` but got "
         "`ffi.Array`")
            .c_str(),
        Error);
    CHECK_THROWS_WITH_AS(f(1.5, "y", Array<Any>()),
                         ("TypeError: Mismatched type on argument #0 when calling: " +
                          std::string(signature) + ". Expected `int` but got `float`")
                             .c_str(),
                         Error);
  }

  TEST_CASE("the default name of a typed function is <anonymous>") {
    Function f = Function::FromTyped([](int64_t x) { return x; });
    auto err = CaptureError([&] { f(); });
    REQUIRE(err.has_value());
    CHECK(err->kind() == "TypeError");
    CHECK(err->message() ==
          "Mismatched number of arguments when calling: `<anonymous>(0: int) -> int`. Expected 1 "
          "but got 0 arguments");
  }

  TEST_CASE("errors thrown inside a function propagate unchanged") {
    Function f =
        Function::FromTyped([](int64_t) -> int64_t { TVM_FFI_THROW(ValueError) << "bad value"; });
    auto err = CaptureError([&] { f(1); });
    REQUIRE(err.has_value());
    CHECK(err->kind() == "ValueError");
    CHECK(err->message() == "bad value");
    CHECK(err->frames().size() == 1);
  }

  TEST_CASE("a function keeps its captures alive and frees them with itself") {
    int64_t baseline = LiveObjects();
    {
      TestIntPair pair(1, 2);
      Function f = Function::FromTyped([pair]() { return pair->a + pair->b; });
      CHECK(pair.use_count() == 2);
      CHECK(f().cast<int64_t>() == 3);
      Any held(f);
      CHECK(held.cast<Function>().same_as(f));
    }
    CHECK(LiveObjects() == baseline);
  }
}

TEST_SUITE("ffi.GlobalFunction") {
  TEST_CASE("SetGlobal, GetGlobal, GetGlobalDoc and RemoveGlobal") {
    const std::string name = "testing.test_function.square";
    CHECK_FALSE(Function::GetGlobal(name).has_value());
    Function::SetGlobal(name, Function::FromTyped([](int64_t x) { return x * x; }, name),
                        {false, "x * x"});
    std::optional<Function> found = Function::GetGlobal(name);
    REQUIRE(found.has_value());
    CHECK((*found)(7).cast<int64_t>() == 49);
    CHECK(Function::GetGlobalRequired(name)(3).cast<int64_t>() == 9);
    CHECK(Function::GetGlobalDoc(name) == "x * x");
    CHECK(Contains(Function::ListGlobalNames(), name));
    CHECK(Function::RemoveGlobal(name));
    CHECK_FALSE(Function::RemoveGlobal(name));
    CHECK_FALSE(Function::GetGlobal(name).has_value());
    CHECK_FALSE(Contains(Function::ListGlobalNames(), name));
    CHECK(Function::GetGlobalDoc(name) == "");
  }

  TEST_CASE("a removed function stays callable through existing references") {
    const std::string name = "testing.test_function.removed";
    Function::SetGlobal(name, Function::FromTyped([]() { return 5; }));
    Function f = Function::GetGlobalRequired(name);
    CHECK(Function::RemoveGlobal(name));
    CHECK(f().cast<int64_t>() == 5);
  }

  TEST_CASE("GetGlobalRequired of a missing name is a ValueError") {
    CHECK_THROWS_WITH_AS(Function::GetGlobalRequired("testing.test_function.missing"),
                         "ValueError: Global function `testing.test_function.missing` is not "
                         "registered",
                         Error);
  }

  TEST_CASE("a taken name is refused unless override_existing") {
    const std::string name = "testing.test_function.taken";
    Function::SetGlobal(name, Function::FromTyped([]() { return 1; }), {false, "first"});
    CHECK_THROWS_WITH_AS(Function::SetGlobal(name, Function::FromTyped([]() { return 2; })),
                         "ValueError: Global function `testing.test_function.taken` is already "
                         "registered; pass override=True to replace it",
                         Error);
    CHECK(Function::GetGlobalRequired(name)().cast<int64_t>() == 1);
    CHECK(Function::GetGlobalDoc(name) == "first");
    Function::SetGlobal(name, Function::FromTyped([]() { return 2; }), {true, "second"});
    CHECK(Function::GetGlobalRequired(name)().cast<int64_t>() == 2);
    CHECK(Function::GetGlobalDoc(name) == "second");
    CHECK(Function::RemoveGlobal(name));
  }

  TEST_CASE("registering None is a ValueError") {
    CHECK_THROWS_WITH_AS(Function::SetGlobal("testing.test_function.none", Function()),
                         "ValueError: Cannot register global function "
                         "`testing.test_function.none`: it is None",
                         Error);
    CHECK_FALSE(Function::GetGlobal("testing.test_function.none").has_value());
  }

  TEST_CASE("ListGlobalNames is sorted and holds the built-in functions") {
    std::vector<std::string> names = Function::ListGlobalNames();
    CHECK(std::is_sorted(names.begin(), names.end()));
    CHECK(std::adjacent_find(names.begin(), names.end()) == names.end());
    for (const char* expected :
         {"ffi.Array", "ffi.ArrayGetItem", "ffi.Dict", "ffi.Map", "ffi.Shape", "ffi.DeepCopy",
          "ffi.FieldwiseEqual", "testing.echo", "testing.add3", "testing.apply",
          "testing.test_raise_error", "testing.object_count", "testing.get_current_stream",
          "testing.make_test_node", "testing.nop"}) {
      CAPTURE(expected);
      CHECK(Contains(names, expected));
    }
    Function list = Function::GetGlobalRequired("ffi.ListGlobalFunctionNames");
    Array<String> listed = list().cast<Array<String>>();
    CHECK(listed.size() == names.size());
  }

  TEST_CASE("GetGlobalDoc returns the registered docstrings") {
    CHECK(Function::GetGlobalDoc("testing.echo") == "Returns its argument.");
    CHECK(Function::GetGlobalDoc("testing.add3") == "a + b + c on int64.");
    CHECK(Function::GetGlobalDoc("ffi.ArraySize") == "");
    Function doc = Function::GetGlobalRequired("ffi.GetGlobalFunctionDoc");
    CHECK(doc("testing.echo").cast<String>() == "Returns its argument.");
  }

  TEST_CASE("testing.echo returns its argument") {
    Function echo = Function::GetGlobalRequired("testing.echo");
    CHECK(echo(5).cast<int64_t>() == 5);
    CHECK(echo(2.5).cast<double>() == 2.5);
    CHECK(echo("s").cast<String>() == "s");
    CHECK(echo(Any()).is_none());
    TestIntPair pair(1, 2);
    CHECK(echo(pair).cast<TestIntPair>().same_as(pair));
    CHECK(echo(DataType::Int(8)).cast<DataType>() == DataType::Int(8));
    CHECK_THROWS_WITH_AS(echo(),
                         "TypeError: Mismatched number of arguments when calling: "
                         "`testing.echo(0: Any) -> Any`. Expected 1 but got 0 arguments",
                         Error);
  }

  TEST_CASE("testing.add3 adds and converts") {
    Function add3 = Function::GetGlobalRequired("testing.add3");
    CHECK(add3(1, 2, 3).cast<int64_t>() == 6);
    CHECK(add3(1, true, -3).cast<int64_t>() == -1);
    CHECK_THROWS_WITH_AS(add3(1, 2),
                         "TypeError: Mismatched number of arguments when calling: "
                         "`testing.add3(0: int, 1: int, 2: int) -> int`. Expected 3 but got 2 "
                         "arguments",
                         Error);
    CHECK_THROWS_WITH_AS(add3(1, 2, 3.5),
                         "TypeError: Mismatched type on argument #2 when calling: "
                         "`testing.add3(0: int, 1: int, 2: int) -> int`. Expected `int` but got "
                         "`float`",
                         Error);
  }

  TEST_CASE("testing.apply calls its first argument with the rest") {
    Function apply = Function::GetGlobalRequired("testing.apply");
    Function add3 = Function::GetGlobalRequired("testing.add3");
    CHECK(apply(add3, 1, 2, 3).cast<int64_t>() == 6);
    Function concat = Function::FromTyped([](String a, String b) { return a + b.view(); });
    CHECK(apply(concat, "x", "y").cast<String>() == "xy");
    CHECK(apply(Function::GetGlobalRequired("testing.nop")).is_none());
    CHECK_THROWS_WITH_AS(apply(), "TypeError: testing.apply expects a function first", Error);
    CHECK_THROWS_WITH_AS(apply(1, 2), "TypeError: Cannot convert from type `int` to `ffi.Function`",
                         Error);
    // Errors of the inner call pass through apply.
    CHECK_THROWS_WITH_AS(apply(add3, 1),
                         "TypeError: Mismatched number of arguments when calling: "
                         "`testing.add3(0: int, 1: int, 2: int) -> int`. Expected 3 but got 1 "
                         "arguments",
                         Error);
  }

  TEST_CASE("the container globals build containers from arguments") {
    Array<Any> a = Function::GetGlobalRequired("ffi.Array")(1, "two", 3.0).cast<Array<Any>>();
    CHECK(a.size() == 3);
    CHECK(a[1].cast<String>() == "two");
    CHECK(Function::GetGlobalRequired("ffi.ArrayGetItem")(a, -1).cast<double>() == 3.0);
    CHECK_THROWS_WITH_AS(Function::GetGlobalRequired("ffi.ArrayGetItem")(a, 3),
                         "IndexError: ffi.Array index 3 out of range for size 3", Error);
    Map<Any, Any> m = Function::GetGlobalRequired("ffi.Map")("k", 1).cast<Map<Any, Any>>();
    CHECK(Function::GetGlobalRequired("ffi.MapGetItem")(m, "k").cast<int64_t>() == 1);
    CHECK(Function::GetGlobalRequired("ffi.MapContains")(m, "k").cast<bool>());
    CHECK_FALSE(Function::GetGlobalRequired("ffi.MapContains")(m, "j").cast<bool>());
    Array<Any> items = Function::GetGlobalRequired("ffi.MapItems")(m).cast<Array<Any>>();
    CHECK(items.size() == 2);
    CHECK(items[0].cast<String>() == "k");
    CHECK(items[1].cast<int64_t>() == 1);
  }
}
