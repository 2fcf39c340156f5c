#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/testing.h>

#include <cstdint>
#include <string>
#include <utility>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::LiveObjects;
using testing::TestBase;
using testing::TestBaseObj;
using testing::TestIntPair;
using testing::TestIntPairObj;
using testing::TestNode;
using testing::TestNodeObj;

TEST_SUITE("ffi.Any") {
  TEST_CASE("Any and AnyView are 16 bytes") {
    CHECK(sizeof(Any) == 16);
    CHECK(sizeof(AnyView) == 16);
    CHECK(sizeof(AnyPOD) == 16);
  }

  TEST_CASE("a default Any is None") {
    Any none;
    CHECK(none.is_none());
    CHECK_FALSE(none.is_object());
    CHECK(none.type_index() == TypeIndex::kNone);
    CHECK(none.GetTypeKey() == "None");
    CHECK(Any(nullptr).is_none());
    CHECK(AnyView().is_none());
    CHECK(none.as<std::nullptr_t>().has_value());
    CHECK_FALSE(none.as<int64_t>().has_value());
  }

  TEST_CASE("bool is held inline") {
    Any t(true);
    Any f(false);
    CHECK(t.type_index() == TypeIndex::kBool);
    CHECK(t.GetTypeKey() == "bool");
    CHECK(t.as<bool>() == std::optional<bool>(true));
    CHECK(f.as<bool>() == std::optional<bool>(false));
    CHECK_FALSE(t.is_object());
  }

  TEST_CASE("integers of every width are held as int") {
    CHECK(Any(int8_t{-5}).type_index() == TypeIndex::kInt);
    CHECK(Any(uint16_t{7}).as<int64_t>() == std::optional<int64_t>(7));
    CHECK(Any(int32_t{-42}).as<int32_t>() == std::optional<int32_t>(-42));
    CHECK(Any(INT64_MAX).as<int64_t>() == std::optional<int64_t>(INT64_MAX));
    CHECK(Any(INT64_MIN).as<int64_t>() == std::optional<int64_t>(INT64_MIN));
    CHECK(Any(3).GetTypeKey() == "int");
  }

  TEST_CASE("floats are held as double") {
    Any d(2.5);
    Any f(1.5f);
    CHECK(d.type_index() == TypeIndex::kFloat);
    CHECK(f.type_index() == TypeIndex::kFloat);
    CHECK(d.GetTypeKey() == "float");
    CHECK(d.as<double>() == std::optional<double>(2.5));
    CHECK(f.as<float>() == std::optional<float>(1.5f));
  }

  TEST_CASE("opaque pointers are held inline and null becomes None") {
    int target = 0;
    void* ptr = &target;
    Any a(ptr);
    CHECK(a.type_index() == TypeIndex::kOpaquePtr);
    CHECK(a.GetTypeKey() == "void*");
    CHECK(a.as<void*>() == std::optional<void*>(ptr));
    void* null = nullptr;
    Any n(null);
    CHECK(n.is_none());
    // None converts to a null opaque pointer.
    CHECK(n.try_cast<void*>() == std::optional<void*>(nullptr));
  }

  TEST_CASE("DataType is held inline") {
    Any a(DataType::Float(32, 4));
    CHECK(a.type_index() == TypeIndex::kDataType);
    CHECK(a.GetTypeKey() == "DataType");
    std::optional<DataType> dtype = a.as<DataType>();
    REQUIRE(dtype.has_value());
    CHECK(*dtype == DataType::Float(32, 4));
    CHECK(dtype->ToString() == "float32x4");
    CHECK_FALSE(a.is_object());
  }

  TEST_CASE("Device is held inline") {
    DLDevice device{kDLCUDA, 3};
    Any a(device);
    CHECK(a.type_index() == TypeIndex::kDevice);
    CHECK(a.GetTypeKey() == "Device");
    std::optional<DLDevice> back = a.as<DLDevice>();
    REQUIRE(back.has_value());
    CHECK(back->device_type == kDLCUDA);
    CHECK(back->device_id == 3);
    CHECK_FALSE(a.as<int64_t>().has_value());
  }

  TEST_CASE("a const char* becomes an owned String in Any") {
    char buffer[] = "hello";
    Any a(static_cast<const char*>(buffer));
    buffer[0] = 'J';  // the Any does not borrow the buffer
    CHECK(a.type_index() == TypeIndex::kStr);
    CHECK(a.is_object());
    CHECK(a.GetTypeKey() == "ffi.String");
    std::optional<String> s = a.as<String>();
    REQUIRE(s.has_value());
    CHECK(*s == "hello");
    CHECK(a.cast<std::string>() == "hello");
  }

  TEST_CASE("a std::string becomes an owned String in Any") {
    Any a;
    {
      std::string text = "world";
      a = Any(text);
    }
    CHECK(a.type_index() == TypeIndex::kStr);
    CHECK(a.cast<String>() == "world");
    CHECK(Any(std::string("moved")).cast<std::string>() == "moved");
  }

  TEST_CASE("a std::string with an embedded NUL keeps every byte in Any") {
    std::string text("a\0b", 3);
    Any a(text);
    String s = a.cast<String>();
    CHECK(s.size() == 3);
    CHECK(s.str() == text);
    Any moved(std::string("x\0y\0z", 5));
    CHECK(moved.cast<std::string>() == std::string("x\0y\0z", 5));
  }

  TEST_CASE("an AnyView borrows a C string and Any takes ownership") {
    std::string text = "view";
    AnyView view(text);
    CHECK(view.type_index() == TypeIndex::kRawStr);
    CHECK(view.GetTypeKey() == "str");
    CHECK(view.pod().v_c_str == text.c_str());
    CHECK(view.cast<String>() == "view");
    CHECK(view.cast<std::string>() == "view");
    // A raw string is not strictly a String.
    CHECK_FALSE(view.as<String>().has_value());
    Any owned(view);
    CHECK(owned.type_index() == TypeIndex::kStr);
    CHECK(owned.cast<String>() == "view");
  }

  TEST_CASE("objects are held by reference") {
    TestIntPair pair(1, 2);
    Any a(pair);
    CHECK(a.is_object());
    CHECK(a.type_index() == TestIntPairObj::RuntimeTypeIndex());
    CHECK(a.GetTypeKey() == "testing.TestIntPair");
    CHECK(a.pod().v_obj == pair.get());
    CHECK(a.as<TestIntPairObj>() == pair.get());
    CHECK(a.as<TestBaseObj>() == nullptr);
    CHECK(a.as<Object>() == pair.get());
    CHECK(a.cast<TestIntPair>().same_as(pair));
    CHECK(a.cast<ObjectRef>().same_as(pair));
  }

  TEST_CASE("a null reference becomes None") {
    TestNode null;
    Any a(null);
    CHECK(a.is_none());
    CHECK(a.as<TestNodeObj>() == nullptr);
    // Nullable references accept None; String does not.
    std::optional<TestNode> back = a.as<TestNode>();
    REQUIRE(back.has_value());
    CHECK_FALSE(back->defined());
    CHECK_FALSE(a.try_cast<String>().has_value());
    CHECK_FALSE(a.try_cast<Array<Any>>().has_value());
  }

  TEST_CASE("as is strict and does not convert") {
    CHECK_FALSE(Any(1).as<double>().has_value());
    CHECK_FALSE(Any(true).as<int64_t>().has_value());
    CHECK_FALSE(Any(1).as<bool>().has_value());
    CHECK_FALSE(Any(1.0).as<int64_t>().has_value());
    CHECK_FALSE(Any("int32").as<DataType>().has_value());
    CHECK_FALSE(Any(1).as<String>().has_value());
    CHECK(Any(1).as<int64_t>().has_value());
  }

  TEST_CASE("try_cast converts int to double and bool to int") {
    CHECK(Any(3).try_cast<double>() == std::optional<double>(3.0));
    CHECK(Any(true).try_cast<double>() == std::optional<double>(1.0));
    CHECK(Any(true).try_cast<int64_t>() == std::optional<int64_t>(1));
    CHECK(Any(false).try_cast<int64_t>() == std::optional<int64_t>(0));
    CHECK(Any(5).try_cast<bool>() == std::optional<bool>(true));
    CHECK(Any(0).try_cast<bool>() == std::optional<bool>(false));
    // Floats never narrow to integers.
    CHECK_FALSE(Any(2.0).try_cast<int64_t>().has_value());
    CHECK_FALSE(Any(2.0).try_cast<bool>().has_value());
  }

  TEST_CASE("try_cast parses a string into a DataType") {
    std::optional<DataType> from_string = Any("float16").try_cast<DataType>();
    REQUIRE(from_string.has_value());
    CHECK(*from_string == DataType::Float(16));
    std::optional<DataType> from_view = AnyView("int8x4").try_cast<DataType>();
    REQUIRE(from_view.has_value());
    CHECK(*from_view == DataType::Int(8, 4));
    CHECK_FALSE(Any("not a dtype").try_cast<DataType>().has_value());
    CHECK_FALSE(Any(32).try_cast<DataType>().has_value());
  }

  TEST_CASE("try_cast to Any and Optional") {
    Any a(7);
    std::optional<Any> same = a.try_cast<Any>();
    REQUIRE(same.has_value());
    CHECK(same->as<int64_t>() == std::optional<int64_t>(7));

    std::optional<Optional<int64_t>> none = Any().try_cast<Optional<int64_t>>();
    REQUIRE(none.has_value());
    CHECK_FALSE(none->has_value());
    std::optional<Optional<int64_t>> seven = a.try_cast<Optional<int64_t>>();
    REQUIRE(seven.has_value());
    CHECK(*seven == std::optional<int64_t>(7));
    CHECK_FALSE(Any("x").try_cast<Optional<int64_t>>().has_value());
  }

  TEST_CASE("cast errors name both types") {
    CHECK_THROWS_WITH_AS(Any(1.5).cast<int64_t>(),
                         "TypeError: Cannot convert from type `float` to `int`", Error);
    CHECK_THROWS_WITH_AS(Any().cast<int64_t>(),
                         "TypeError: Cannot convert from type `None` to `int`", Error);
    CHECK_THROWS_WITH_AS(Any(1).cast<String>(),
                         "TypeError: Cannot convert from type `int` to `str`", Error);
    CHECK_THROWS_WITH_AS(Any("x").cast<double>(),
                         "TypeError: Cannot convert from type `ffi.String` to `float`", Error);
    CHECK_THROWS_WITH_AS(Any("x").cast<DataType>(),
                         "TypeError: Cannot convert from type `ffi.String` to `DataType`", Error);
    CHECK_THROWS_WITH_AS(Any(true).cast<DLDevice>(),
                         "TypeError: Cannot convert from type `bool` to `Device`", Error);
    CHECK_THROWS_WITH_AS(Any(DataType::Int(8)).cast<bool>(),
                         "TypeError: Cannot convert from type `DataType` to `bool`", Error);
    CHECK_THROWS_WITH_AS(Any(TestIntPair(1, 2)).cast<TestBase>(),
                         "TypeError: Cannot convert from type `testing.TestIntPair` to "
                         "`testing.TestBase`",
                         Error);
    CHECK_THROWS_WITH_AS(Any(1).cast<TestBase>(),
                         "TypeError: Cannot convert from type `int` to `testing.TestBase`", Error);
    CHECK_THROWS_WITH_AS(Any(1).cast<ObjectRef>(),
                         "TypeError: Cannot convert from type `int` to `Object`", Error);
    CHECK_THROWS_WITH_AS(Any(1).cast<Array<int64_t>>(),
                         "TypeError: Cannot convert from type `int` to `Array<int>`", Error);
    CHECK_THROWS_WITH_AS(Any(1).cast<Optional<String>>(),
                         "TypeError: Cannot convert from type `int` to `Optional<str>`", Error);
    int target = 0;
    CHECK_THROWS_WITH_AS(Any(static_cast<void*>(&target)).cast<int64_t>(),
                         "TypeError: Cannot convert from type `void*` to `int`", Error);
    CHECK_THROWS_WITH_AS(AnyView("raw").cast<int64_t>(),
                         "TypeError: Cannot convert from type `str` to `int`", Error);
  }

  TEST_CASE("copying an Any adds a reference and destroying it removes one") {
    TestIntPair pair(1, 2);
    {
      Any a(pair);
      CHECK(pair.use_count() == 2);
      Any b = a;
      CHECK(pair.use_count() == 3);
      Any c;
      c = b;
      CHECK(pair.use_count() == 4);
      c = Any(5);
      CHECK(pair.use_count() == 3);
    }
    CHECK(pair.use_count() == 1);
  }

  TEST_CASE("moving an Any transfers the reference") {
    TestIntPair pair(1, 2);
    Any a(pair);
    CHECK(pair.use_count() == 2);
    Any b = std::move(a);
    CHECK(a.is_none());  // NOLINT(bugprone-use-after-move)
    CHECK(pair.use_count() == 2);
    Any c;
    c = std::move(b);
    CHECK(b.is_none());  // NOLINT(bugprone-use-after-move)
    CHECK(pair.use_count() == 2);
    c.reset();
    CHECK(c.is_none());
    CHECK(pair.use_count() == 1);
  }

  TEST_CASE("moving a reference into an Any does not add a count") {
    TestIntPair pair(1, 2);
    const Object* raw = pair.get();
    Any a(std::move(pair));
    CHECK_FALSE(pair.defined());  // NOLINT(bugprone-use-after-move)
    CHECK(a.pod().v_obj == raw);
    CHECK(raw->use_count() == 1);
  }

  TEST_CASE("an AnyView does not count references") {
    TestIntPair pair(1, 2);
    AnyView view(pair);
    CHECK(pair.use_count() == 1);
    AnyView copy = view;
    CHECK(pair.use_count() == 1);
    Any owned(copy);
    CHECK(pair.use_count() == 2);
    CHECK(view.as<TestIntPairObj>() == pair.get());
  }

  TEST_CASE("self-assignment and swap keep the counts right") {
    TestIntPair pair(1, 2);
    Any a(pair);
    Any& alias = a;
    a = alias;
    CHECK(pair.use_count() == 2);
    Any b(3);
    a.swap(b);
    CHECK(a.as<int64_t>() == std::optional<int64_t>(3));
    CHECK(b.as<TestIntPairObj>() == pair.get());
    CHECK(pair.use_count() == 2);
  }

  TEST_CASE("ReleaseToPOD and FromOwnedPOD hand over the reference") {
    TestIntPair pair(1, 2);
    AnyPOD pod = Any(pair).ReleaseToPOD();
    CHECK(pair.use_count() == 2);
    {
      Any adopted = Any::FromOwnedPOD(pod);
      CHECK(pair.use_count() == 2);
    }
    CHECK(pair.use_count() == 1);
  }

  TEST_CASE("no objects leak through Any copies and conversions") {
    int64_t baseline = ffi_test::LiveObjects();
    {
      Any a("text");
      Any b = a;
      Any c(Array<Any>({a, b, Any(1)}));
      Any d = c;
      std::optional<Array<double>> converted = Any(Array<Any>({1, 2})).try_cast<Array<double>>();
      CHECK(converted.has_value());
      CHECK(LiveObjects() > baseline);
    }
    CHECK(LiveObjects() == baseline);
  }

  TEST_CASE("AnyHash and AnyEqual compare strings by content") {
    AnyHash hash;
    AnyEqual equal;
    Any a("key");
    Any b(std::string("key"));
    CHECK(a.pod().v_obj != b.pod().v_obj);
    CHECK(equal(a, b));
    CHECK(hash(a) == hash(b));
    CHECK_FALSE(equal(a, Any("other")));
    CHECK_FALSE(equal(Any(1), Any(true)));
    CHECK_FALSE(equal(Any(1), Any(1.0)));
    CHECK(equal(Any(1), Any(1)));
    CHECK(equal(Any(DataType::Int(32)), Any(DataType::Int(32))));
    CHECK_FALSE(equal(Any(DataType::Int(32)), Any(DataType::Int(64))));
    CHECK(equal(Any(Bytes("k")), Any(Bytes("k"))));
    CHECK_FALSE(equal(Any(Bytes("k")), Any(String("k"))));
    // Other objects are keys by identity.
    TestIntPair p(1, 2);
    CHECK(equal(Any(p), Any(p)));
    CHECK_FALSE(equal(Any(p), Any(TestIntPair(1, 2))));
  }

  TEST_CASE("AnyHash agrees with AnyEqual on signed zeros") {
    AnyHash hash;
    AnyEqual equal;
    Any pos(0.0);
    Any neg(-0.0);
    CHECK(equal(pos, neg));
    CHECK(hash(pos) == hash(neg));
  }
}
