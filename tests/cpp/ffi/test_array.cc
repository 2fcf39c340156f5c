#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/testing.h>

#include <string>
#include <vector>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::CaptureError;
using ffi_test::LiveObjects;
using testing::TestBase;
using testing::TestBaseObj;
using testing::TestIntPair;
using testing::TestNode;
using testing::TestNodeObj;

namespace array_test {

template <typename TSeq>
std::vector<int64_t> Ints(const TSeq& seq) {
  std::vector<int64_t> out;
  for (size_t i = 0; i < seq.size(); ++i) out.push_back(Any(seq[i]).template cast<int64_t>());
  return out;
}

}  // namespace array_test

using array_test::Ints;

TEST_SUITE("ffi.Array") {
  TEST_CASE("construction and read access") {
    Array<int64_t> empty;
    CHECK(empty.empty());
    CHECK(empty.size() == 0);
    Array<int64_t> a = {1, 2, 3};
    CHECK(a.size() == 3);
    CHECK(a[0] == 1);
    CHECK(a.at(2) == 3);
    CHECK(a.front() == 1);
    CHECK(a.back() == 3);
    CHECK(Ints(Array<int64_t>(std::vector<int64_t>{4, 5})) == std::vector<int64_t>{4, 5});
    std::vector<int64_t> source = {7, 8, 9};
    Array<int64_t> from_range(source.begin() + 1, source.end());
    CHECK(Ints(from_range) == std::vector<int64_t>{8, 9});
  }

  TEST_CASE("iteration yields converted elements") {
    Array<String> names = {"a", "b", "c"};
    std::string joined;
    for (String s : names) joined += s.str();
    CHECK(joined == "abc");
    CHECK(names.end() - names.begin() == 3);
  }

  TEST_CASE("at accepts negative indices counting from the end") {
    Array<int64_t> a = {10, 20, 30};
    CHECK(a.at(-1) == 30);
    CHECK(a.at(-3) == 10);
  }

  TEST_CASE("at out of range is an IndexError") {
    Array<int64_t> a = {10, 20, 30};
    CHECK_THROWS_WITH_AS(a.at(3), "IndexError: ffi.Array index 3 out of range for size 3", Error);
    CHECK_THROWS_WITH_AS(a.at(-4), "IndexError: ffi.Array index -4 out of range for size 3", Error);
    Array<int64_t> empty;
    CHECK_THROWS_WITH_AS(empty.front(), "IndexError: ffi.Array index 0 out of range for size 0",
                         Error);
    CHECK_THROWS_WITH_AS(empty.back(), "IndexError: ffi.Array index -1 out of range for size 0",
                         Error);
    CHECK_THROWS_WITH_AS(empty.pop_back(), "IndexError: ffi.Array index -1 out of range for size 0",
                         Error);
    CHECK_THROWS_WITH_AS(a.Set(5, 1), "IndexError: ffi.Array index 5 out of range for size 3",
                         Error);
    CHECK(Ints(a) == std::vector<int64_t>{10, 20, 30});
  }

  TEST_CASE("push_back on a shared array copies") {
    Array<int64_t> a = {1, 2};
    Array<int64_t> b = a;
    CHECK(a.same_as(b));
    b.push_back(3);
    CHECK_FALSE(a.same_as(b));
    CHECK(Ints(a) == std::vector<int64_t>{1, 2});
    CHECK(Ints(b) == std::vector<int64_t>{1, 2, 3});
    CHECK(a.unique());
    CHECK(b.unique());
  }

  TEST_CASE("set on a shared array copies") {
    Array<int64_t> a = {1, 2};
    Array<int64_t> b = a;
    b.Set(0, 100);
    CHECK_FALSE(a.same_as(b));
    CHECK(Ints(a) == std::vector<int64_t>{1, 2});
    CHECK(Ints(b) == std::vector<int64_t>{100, 2});
    b.Set(-1, 200);
    CHECK(Ints(b) == std::vector<int64_t>{100, 200});
  }

  TEST_CASE("an Any holding the array counts as a sharer") {
    Array<int64_t> a = {1};
    Any held(a);
    a.push_back(2);
    CHECK(Ints(held.cast<Array<int64_t>>()) == std::vector<int64_t>{1});
    CHECK(Ints(a) == std::vector<int64_t>{1, 2});
  }

  TEST_CASE("mutating a unique array does not copy") {
    Array<int64_t> a = {1, 2};
    const ArrayObj* storage = a.get();
    a.push_back(3);
    CHECK(a.get() == storage);
    a.Set(0, 5);
    CHECK(a.get() == storage);
    a.pop_back();
    CHECK(a.get() == storage);
    CHECK(Ints(a) == std::vector<int64_t>{5, 2});
    CHECK(a.CopyOnWrite() == storage);
  }

  TEST_CASE("pop_back on a shared array copies") {
    Array<int64_t> a = {1, 2};
    Array<int64_t> b = a;
    b.pop_back();
    CHECK(Ints(a) == std::vector<int64_t>{1, 2});
    CHECK(Ints(b) == std::vector<int64_t>{1});
  }

  TEST_CASE("elements are shared between the copies, not copied") {
    TestIntPair pair(1, 2);
    Array<TestIntPair> a = {pair};
    Array<TestIntPair> b = a;
    b.push_back(pair);
    CHECK(a[0].same_as(pair));
    CHECK(b[0].same_as(pair));
    CHECK(b[1].same_as(pair));
    CHECK(pair.use_count() == 4);  // pair, a[0], b[0], b[1]
  }

  TEST_CASE("a typed Array from Any checks the element types") {
    TestNode node(make_object<TestNodeObj>());
    TestBase base(make_object<TestBaseObj>());
    Any good(Array<Any>({node, base, TestBase()}));
    std::optional<Array<TestBase>> typed = good.as<Array<TestBase>>();
    REQUIRE(typed.has_value());
    CHECK(typed->same_as(good.cast<ObjectRef>()));
    CHECK((*typed)[0].same_as(node));
    CHECK_FALSE((*typed)[2].defined());

    Any bad(Array<Any>({node, TestIntPair(1, 2)}));
    CHECK_FALSE(bad.as<Array<TestBase>>().has_value());
    CHECK_FALSE(bad.try_cast<Array<TestBase>>().has_value());
    CHECK_THROWS_WITH_AS(
        bad.cast<Array<TestBase>>(),
        "TypeError: Cannot convert from type `ffi.Array` to `Array<testing.TestBase>`", Error);
    CHECK_THROWS_WITH_AS(Any(Array<Any>({1, "x"})).cast<Array<int64_t>>(),
                         "TypeError: Cannot convert from type `ffi.Array` to `Array<int>`", Error);
    CHECK_THROWS_WITH_AS(Any(List<Any>({1})).cast<Array<int64_t>>(),
                         "TypeError: Cannot convert from type `ffi.List` to `Array<int>`", Error);
  }

  TEST_CASE("Array<double> from an Any array of ints converts into a new array") {
    Array<Any> ints = {1, 2, true};
    std::optional<Array<double>> doubles = Any(ints).try_cast<Array<double>>();
    REQUIRE(doubles.has_value());
    CHECK_FALSE(doubles->same_as(ints));
    REQUIRE(doubles->size() == 3);
    CHECK((*doubles)[0] == 1.0);
    CHECK((*doubles)[2] == 1.0);
    CHECK((*doubles)->data[1].type_index() == TypeIndex::kFloat);
    // The source is unchanged.
    CHECK(ints[0].type_index() == TypeIndex::kInt);
    // Already-strict arrays are taken as they are.
    Array<Any> floats = {1.0, 2.0};
    CHECK(Any(floats).cast<Array<double>>().same_as(floats));
    // Strict as<> does not convert.
    CHECK_FALSE(Any(ints).as<Array<double>>().has_value());
  }

  TEST_CASE("an Array<Any> accepts any array and rejects other types") {
    Array<int64_t> ints = {1};
    CHECK(Any(ints).cast<Array<Any>>().same_as(ints));
    CHECK(Any(ints).cast<Array<>>().same_as(ints));
    CHECK_THROWS_WITH_AS(Any(Map<Any, Any>()).cast<Array<Any>>(),
                         "TypeError: Cannot convert from type `ffi.Map` to `Array`", Error);
  }

  TEST_CASE("accessing an element of the wrong type through a typed view fails") {
    Array<Any> mixed = {1, "s"};
    Array<int64_t> unchecked(
        details::ObjectUnsafe::PtrFromRaw<Object>(details::ObjectUnsafe::RawPtr(mixed)));
    CHECK(unchecked[0] == 1);
    CHECK_THROWS_WITH_AS(unchecked[1], "TypeError: Cannot convert from type `ffi.String` to `int`",
                         Error);
  }

  TEST_CASE("containers free their elements") {
    int64_t baseline = LiveObjects();
    {
      Array<Any> a = {TestIntPair(1, 2), String("s"), Array<Any>({1})};
      Array<Any> b = a;
      b.push_back(TestIntPair(3, 4));
      CHECK(LiveObjects() == baseline + 6);
    }
    CHECK(LiveObjects() == baseline);
  }
}

TEST_SUITE("ffi.List") {
  TEST_CASE("mutation through one reference is visible through all") {
    List<int64_t> a = {1, 2};
    List<int64_t> b = a;
    Any held(a);
    b.push_back(3);
    CHECK(a.same_as(b));
    CHECK(Ints(a) == std::vector<int64_t>{1, 2, 3});
    CHECK(Ints(held.cast<List<int64_t>>()) == std::vector<int64_t>{1, 2, 3});
    a.Set(0, 10);
    CHECK(b[0] == 10);
    a.Set(-1, 30);
    CHECK(Ints(b) == std::vector<int64_t>{10, 2, 30});
  }

  TEST_CASE("insert places the value before the index and clamps") {
    List<int64_t> l = {1, 2, 3};
    List<int64_t> alias = l;
    l.insert(0, 0);
    CHECK(Ints(alias) == std::vector<int64_t>{0, 1, 2, 3});
    l.insert(2, 15);
    CHECK(Ints(alias) == std::vector<int64_t>{0, 1, 15, 2, 3});
    l.insert(-1, 25);
    CHECK(Ints(alias) == std::vector<int64_t>{0, 1, 15, 2, 25, 3});
    l.insert(100, 4);
    CHECK(Ints(alias) == std::vector<int64_t>{0, 1, 15, 2, 25, 3, 4});
    l.insert(-100, -1);
    CHECK(Ints(alias) == std::vector<int64_t>{-1, 0, 1, 15, 2, 25, 3, 4});
  }

  TEST_CASE("erase, pop_back and clear") {
    List<int64_t> l = {1, 2, 3, 4};
    List<int64_t> alias = l;
    l.erase(1);
    CHECK(Ints(alias) == std::vector<int64_t>{1, 3, 4});
    l.erase(-1);
    CHECK(Ints(alias) == std::vector<int64_t>{1, 3});
    l.pop_back();
    CHECK(Ints(alias) == std::vector<int64_t>{1});
    l.push_back(9);
    l.clear();
    CHECK(alias.empty());
    CHECK(l.same_as(alias));
  }

  TEST_CASE("out-of-range access is an IndexError naming the list") {
    List<int64_t> l = {1};
    CHECK_THROWS_WITH_AS(l.at(1), "IndexError: ffi.List index 1 out of range for size 1", Error);
    CHECK_THROWS_WITH_AS(l.erase(-2), "IndexError: ffi.List index -2 out of range for size 1",
                         Error);
    CHECK_THROWS_WITH_AS(l.Set(2, 0), "IndexError: ffi.List index 2 out of range for size 1",
                         Error);
    l.clear();
    CHECK_THROWS_WITH_AS(l.pop_back(), "IndexError: ffi.List index -1 out of range for size 0",
                         Error);
  }

  TEST_CASE("a typed List from Any checks but never converts") {
    List<Any> ints = {1, 2};
    CHECK(Any(ints).cast<List<int64_t>>().same_as(ints));
    // Converting would detach the copy from the list's other owners.
    CHECK_FALSE(Any(ints).try_cast<List<double>>().has_value());
    CHECK_THROWS_WITH_AS(Any(ints).cast<List<double>>(),
                         "TypeError: Cannot convert from type `ffi.List` to `List<float>`", Error);
    CHECK_THROWS_WITH_AS(Any(Array<Any>({1})).cast<List<int64_t>>(),
                         "TypeError: Cannot convert from type `ffi.Array` to `List<int>`", Error);
  }

  TEST_CASE("the global list functions share the list") {
    Function make = Function::GetGlobalRequired("ffi.List");
    Function append = Function::GetGlobalRequired("ffi.ListAppend");
    Function size = Function::GetGlobalRequired("ffi.ListSize");
    Function get = Function::GetGlobalRequired("ffi.ListGetItem");
    List<Any> l = make(1, "two").cast<List<Any>>();
    append(l, 3.0);
    CHECK(l.size() == 3);
    CHECK(size(l).cast<int64_t>() == 3);
    CHECK(get(l, -2).cast<String>() == "two");
    CHECK_THROWS_WITH_AS(get(l, 3), "IndexError: ffi.List index 3 out of range for size 3", Error);
  }
}
