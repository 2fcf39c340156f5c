#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>

#include <vector>

using namespace tvm::ffi;

TEST_SUITE("ffi.Shape") {
  TEST_CASE("construction and element access") {
    Shape s = {2, 3, 4};
    CHECK(s.size() == 3);
    CHECK(s[0] == 2);
    CHECK(s[2] == 4);
    CHECK(s.at(1) == 3);
    CHECK(s.at(-1) == 4);
    CHECK(s.at(-3) == 2);
    CHECK(std::vector<int64_t>(s.begin(), s.end()) == std::vector<int64_t>{2, 3, 4});
    Shape from_vector(std::vector<int64_t>{5, 6});
    CHECK(from_vector.size() == 2);
    CHECK(from_vector[1] == 6);
    CHECK(s->type_index() == TypeIndex::kShape);
  }

  TEST_CASE("a default shape is an empty, scalar shape") {
    Shape scalar;
    CHECK(scalar.defined());
    CHECK(scalar.size() == 0);
    CHECK(scalar.Product() == 1);
  }

  TEST_CASE("Product multiplies the extents") {
    CHECK(Shape({2, 3, 4}).Product() == 24);
    CHECK(Shape({7}).Product() == 7);
    CHECK(Shape({3, 0, 5}).Product() == 0);
  }

  TEST_CASE("at out of range is an IndexError") {
    Shape s = {2, 3};
    CHECK_THROWS_WITH_AS(s.at(2), "IndexError: ffi.Shape index 2 out of range for size 2", Error);
    CHECK_THROWS_WITH_AS(s.at(-3), "IndexError: ffi.Shape index -3 out of range for size 2", Error);
    CHECK_THROWS_WITH_AS(Shape().at(0), "IndexError: ffi.Shape index 0 out of range for size 0",
                         Error);
  }

  TEST_CASE("Shape crosses Any as ffi.Shape") {
    Shape s = {1, 2};
    Any a(s);
    CHECK(a.type_index() == TypeIndex::kShape);
    CHECK(a.GetTypeKey() == "ffi.Shape");
    CHECK(a.cast<Shape>().same_as(s));
    CHECK(s.use_count() == 2);
    CHECK_THROWS_WITH_AS(Any().cast<Shape>(),
                         "TypeError: Cannot convert from type `None` to `ffi.Shape`", Error);
    CHECK_THROWS_WITH_AS(Any(Array<Any>({1, 2})).cast<Shape>(),
                         "TypeError: Cannot convert from type `ffi.Array` to `ffi.Shape`", Error);
  }

  TEST_CASE("the global shape functions") {
    Function make = Function::GetGlobalRequired("ffi.Shape");
    Shape s = make(4, 5, 6).cast<Shape>();
    CHECK(std::vector<int64_t>(s.begin(), s.end()) == std::vector<int64_t>{4, 5, 6});
    CHECK(Function::GetGlobalRequired("ffi.ShapeSize")(s).cast<int64_t>() == 3);
    CHECK(Function::GetGlobalRequired("ffi.ShapeGetItem")(s, -1).cast<int64_t>() == 6);
    CHECK_THROWS_WITH_AS(make(4, "x"), "TypeError: Shape extents must be int, got `str` at 1",
                         Error);
    CHECK_THROWS_WITH_AS(make(4, 2.0), "TypeError: Shape extents must be int, got `float` at 1",
                         Error);
  }
}
