#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/testing.h>

#include <string>
#include <utility>
#include <vector>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::LiveObjects;
using testing::TestIntPair;

namespace map_test {

template <typename TMap>
std::vector<std::pair<std::string, int64_t>> Items(const TMap& map) {
  std::vector<std::pair<std::string, int64_t>> out;
  for (auto [k, v] : map)
    out.emplace_back(Any(k).template cast<std::string>(), Any(v).template cast<int64_t>());
  return out;
}

using ItemList = std::vector<std::pair<std::string, int64_t>>;

}  // namespace map_test

using map_test::ItemList;
using map_test::Items;

TEST_SUITE("ffi.Map") {
  TEST_CASE("construction, lookup and size") {
    Map<String, int64_t> m = {{"a", 1}, {"b", 2}};
    CHECK(m.size() == 2);
    CHECK_FALSE(m.empty());
    CHECK(m.at("a") == 1);
    CHECK(m["b"] == 2);
    CHECK(m.count("a") == 1);
    CHECK(m.count("z") == 0);
    CHECK(m.Get("b") == std::optional<int64_t>(2));
    CHECK_FALSE(m.Get("z").has_value());
    Map<String, int64_t> empty;
    CHECK(empty.empty());
  }

  TEST_CASE("iteration keeps insertion order") {
    Map<String, int64_t> m;
    m.Set("zebra", 1);
    m.Set("apple", 2);
    m.Set("mango", 3);
    CHECK(Items(m) == ItemList{{"zebra", 1}, {"apple", 2}, {"mango", 3}});
  }

  TEST_CASE("replacing a key keeps its position") {
    Map<String, int64_t> m = {{"x", 1}, {"y", 2}, {"z", 3}};
    m.Set("y", 20);
    CHECK(m.size() == 3);
    CHECK(Items(m) == ItemList{{"x", 1}, {"y", 20}, {"z", 3}});
  }

  TEST_CASE("duplicate keys in the initializer keep the first position and the last value") {
    Map<String, int64_t> m = {{"a", 1}, {"b", 2}, {"a", 3}};
    CHECK(Items(m) == ItemList{{"a", 3}, {"b", 2}});
  }

  TEST_CASE("erase removes the key and keeps the others in order") {
    Map<String, int64_t> m = {{"a", 1}, {"b", 2}, {"c", 3}, {"d", 4}};
    m.erase("b");
    CHECK(Items(m) == ItemList{{"a", 1}, {"c", 3}, {"d", 4}});
    CHECK(m.count("b") == 0);
    // The index of the later keys still finds them after the shift.
    CHECK(m.at("c") == 3);
    CHECK(m.at("d") == 4);
    m.erase("zzz");
    CHECK(m.size() == 3);
    m.Set("b", 5);
    CHECK(Items(m) == ItemList{{"a", 1}, {"c", 3}, {"d", 4}, {"b", 5}});
  }

  TEST_CASE("set on a shared map copies") {
    Map<String, int64_t> a = {{"k", 1}};
    Map<String, int64_t> b = a;
    b.Set("k", 2);
    b.Set("j", 3);
    CHECK_FALSE(a.same_as(b));
    CHECK(Items(a) == ItemList{{"k", 1}});
    CHECK(Items(b) == ItemList{{"k", 2}, {"j", 3}});
  }

  TEST_CASE("erase on a shared map copies") {
    Map<String, int64_t> a = {{"k", 1}, {"j", 2}};
    Any held(a);
    a.erase("k");
    CHECK(Items(a) == ItemList{{"j", 2}});
    CHECK(Items(held.cast<Map<String, int64_t>>()) == ItemList{{"k", 1}, {"j", 2}});
  }

  TEST_CASE("mutating a unique map does not copy") {
    Map<String, int64_t> m = {{"k", 1}};
    const MapObj* storage = m.get();
    m.Set("j", 2);
    m.erase("k");
    CHECK(m.get() == storage);
    CHECK(Items(m) == ItemList{{"j", 2}});
  }

  TEST_CASE("at on a missing key is a KeyError showing the key") {
    Map<String, int64_t> m = {{"a", 1}};
    CHECK_THROWS_WITH_AS(m.at("missing"), "KeyError: 'missing'", Error);
    CHECK_THROWS_WITH_AS(m["missing"], "KeyError: 'missing'", Error);
    Map<int64_t, int64_t> by_int = {{1, 1}};
    CHECK_THROWS_WITH_AS(by_int.at(42), "KeyError: 42", Error);
    Map<Any, Any> by_any;
    CHECK_THROWS_WITH_AS(by_any.at(Any(2.5)), "KeyError: <float>", Error);
    CHECK_THROWS_WITH_AS(by_any.at(Any(TestIntPair(1, 2))), "KeyError: <testing.TestIntPair>",
                         Error);
  }

  TEST_CASE("keys of different types stay apart") {
    Map<Any, Any> m;
    m.Set(Any(1), Any("int"));
    m.Set(Any(true), Any("bool"));
    m.Set(Any(1.0), Any("float"));
    m.Set(Any("1"), Any("str"));
    CHECK(m.size() == 4);
    CHECK(m.at(Any(1)).cast<String>() == "int");
    CHECK(m.at(Any(true)).cast<String>() == "bool");
    CHECK(m.at(Any(1.0)).cast<String>() == "float");
    CHECK(m.at(Any("1")).cast<String>() == "str");
  }

  TEST_CASE("object keys compare by identity") {
    TestIntPair a(1, 2);
    TestIntPair b(1, 2);
    Map<TestIntPair, int64_t> m = {{a, 1}};
    CHECK(m.count(a) == 1);
    CHECK(m.count(b) == 0);
  }

  TEST_CASE("a typed Map from Any checks keys and values") {
    Map<Any, Any> raw;
    raw.Set(Any("a"), Any(1));
    std::optional<Map<String, int64_t>> typed = Any(raw).try_cast<Map<String, int64_t>>();
    REQUIRE(typed.has_value());
    CHECK(typed->same_as(raw));
    CHECK(typed->at("a") == 1);

    raw.Set(Any("b"), Any(2.5));
    CHECK_FALSE(Any(raw).try_cast<Map<String, int64_t>>().has_value());
    CHECK_THROWS_WITH_AS((Any(raw).cast<Map<String, int64_t>>()),
                         "TypeError: Cannot convert from type `ffi.Map` to `Map<str, int>`", Error);
    Map<Any, Any> int_keys;
    int_keys.Set(Any(1), Any(1));
    CHECK_THROWS_WITH_AS((Any(int_keys).cast<Map<String, int64_t>>()),
                         "TypeError: Cannot convert from type `ffi.Map` to `Map<str, int>`", Error);
    CHECK_THROWS_WITH_AS((Any(Dict<Any, Any>()).cast<Map<String, int64_t>>()),
                         "TypeError: Cannot convert from type `ffi.Dict` to `Map<str, int>`",
                         Error);
    CHECK_THROWS_WITH_AS((Any(1).cast<Map<Any, Any>>()),
                         "TypeError: Cannot convert from type `int` to `Map`", Error);
  }

  TEST_CASE("a typed view converts values lazily and fails on the wrong type") {
    Map<Any, Any> raw;
    raw.Set(Any("a"), Any("not an int"));
    Map<String, int64_t> unchecked(
        details::ObjectUnsafe::PtrFromRaw<Object>(details::ObjectUnsafe::RawPtr(raw)));
    CHECK_THROWS_WITH_AS(unchecked.at("a"),
                         "TypeError: Cannot convert from type `ffi.String` to `int`", Error);
  }

  TEST_CASE("maps free their keys and values") {
    int64_t baseline = LiveObjects();
    {
      Map<String, Any> m = {{"a", TestIntPair(1, 2)}, {"b", String("v")}};
      Map<String, Any> copy = m;
      copy.Set("c", Array<Any>());
      copy.erase("a");
      CHECK(LiveObjects() > baseline);
    }
    CHECK(LiveObjects() == baseline);
  }
}

TEST_SUITE("ffi.Dict") {
  TEST_CASE("mutation through one reference is visible through all") {
    Dict<String, int64_t> a;
    Dict<String, int64_t> b = a;
    Any held(a);
    a.Set("x", 1);
    b.Set("y", 2);
    CHECK(a.same_as(b));
    CHECK(Items(a) == ItemList{{"x", 1}, {"y", 2}});
    CHECK(Items(held.cast<Dict<String, int64_t>>()) == ItemList{{"x", 1}, {"y", 2}});
    b.Set("x", 10);
    CHECK(a.at("x") == 10);
    CHECK(Items(a) == ItemList{{"x", 10}, {"y", 2}});
  }

  TEST_CASE("erase reports presence and clear empties every reference") {
    Dict<String, int64_t> d = {{"a", 1}, {"b", 2}, {"c", 3}};
    Dict<String, int64_t> alias = d;
    CHECK(d.erase("b"));
    CHECK_FALSE(d.erase("b"));
    CHECK(Items(alias) == ItemList{{"a", 1}, {"c", 3}});
    CHECK(alias.at("c") == 3);
    d.clear();
    CHECK(alias.empty());
    CHECK_THROWS_WITH_AS(alias.at("a"), "KeyError: 'a'", Error);
  }

  TEST_CASE("a typed Dict from Any checks keys and values") {
    Dict<Any, Any> raw;
    raw.Set(Any("a"), Any(1));
    CHECK((Any(raw).cast<Dict<String, int64_t>>().same_as(raw)));
    raw.Set(Any(2), Any(1));
    CHECK_THROWS_WITH_AS((Any(raw).cast<Dict<String, int64_t>>()),
                         "TypeError: Cannot convert from type `ffi.Dict` to `Dict<str, int>`",
                         Error);
  }

  TEST_CASE("the global dict functions share the dict") {
    Function make = Function::GetGlobalRequired("ffi.Dict");
    Function set = Function::GetGlobalRequired("ffi.DictSetItem");
    Function get = Function::GetGlobalRequired("ffi.DictGetItem");
    Function erase = Function::GetGlobalRequired("ffi.DictErase");
    Dict<Any, Any> d = make("a", 1).cast<Dict<Any, Any>>();
    set(d, "b", 2);
    CHECK(d.size() == 2);
    CHECK(get(d, "b").cast<int64_t>() == 2);
    erase(d, "a");
    CHECK(d.size() == 1);
    CHECK_THROWS_WITH_AS(erase(d, "a"), "KeyError: 'a'", Error);
    CHECK_THROWS_WITH_AS(get(d, "zz"), "KeyError: 'zz'", Error);
    CHECK_THROWS_WITH_AS(
        make("odd"), "ValueError: ffi.Dict expects key, value pairs but got 1 arguments", Error);
  }
}
