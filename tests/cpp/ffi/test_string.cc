#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>

#include <functional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>

using namespace tvm::ffi;

TEST_SUITE("ffi.String") {
  TEST_CASE("a default String is empty and defined") {
    String s;
    CHECK(s.defined());
    CHECK(s.empty());
    CHECK(s.size() == 0);
    CHECK(s == "");
    CHECK(s->type_index() == TypeIndex::kStr);
  }

  TEST_CASE("construction from every text type keeps the content") {
    String from_literal = "abc";
    String from_std(std::string("abc"));
    String from_view(std::string_view("abcdef").substr(0, 3));
    CHECK(from_literal.str() == "abc");
    CHECK(from_std.view() == "abc");
    CHECK(from_view == "abc");
    CHECK(std::string(from_literal.c_str()) == "abc");
    CHECK(from_literal.size() == 3);
    CHECK_FALSE(from_literal.empty());
    std::string converted = from_std;
    CHECK(converted == "abc");
  }

  TEST_CASE("equality compares content, not identity") {
    String a("same");
    String b("same");
    CHECK_FALSE(a.same_as(b));
    CHECK(a == b);
    CHECK_FALSE(a != b);
    CHECK(a != String("other"));
    CHECK(a == std::string_view("same"));
    CHECK(a != std::string_view("Same"));
    CHECK(a == "same");
    CHECK_FALSE(a == "sam");
  }

  TEST_CASE("ordering is lexicographic by bytes") {
    CHECK(String("abc") < String("abd"));
    CHECK(String("ab") < String("abc"));
    CHECK_FALSE(String("b") < String("a"));
    CHECK_FALSE(String("a") < String("a"));
  }

  TEST_CASE("embedded NUL bytes are part of the content") {
    String a(std::string("a\0b", 3));
    String b(std::string("a\0c", 3));
    CHECK(a.size() == 3);
    CHECK(a != b);
    CHECK(a != "a");
    CHECK(a.view() == std::string_view("a\0b", 3));
  }

  TEST_CASE("equal strings hash equally") {
    std::hash<String> hash;
    CHECK(hash(String("key")) == hash(String(std::string("key"))));
    CHECK(hash(String("key")) == std::hash<std::string_view>()("key"));
    CHECK(hash(String("key")) != hash(String("kez")));
  }

  TEST_CASE("std containers key strings by value") {
    std::unordered_set<String> set;
    set.insert(String("a"));
    set.insert(String("a"));
    set.insert(String("b"));
    CHECK(set.size() == 2);
    CHECK(set.count(String("a")) == 1);
    std::unordered_map<String, int> map;
    map[String("k")] = 1;
    map[String("k")] += 1;
    CHECK(map.size() == 1);
    CHECK(map.at(String("k")) == 2);
  }

  TEST_CASE("Map keyed by strings finds equal strings made separately") {
    Map<String, int64_t> map;
    map.Set(String("x"), 1);
    map.Set(String(std::string("y")), 2);
    CHECK(map.size() == 2);
    CHECK(map.at(String("x")) == 1);
    CHECK(map.at("y") == 2);
    CHECK(map.count(String(std::string("x"))) == 1);
    CHECK(map.count("z") == 0);
    map.Set("x", 10);
    CHECK(map.size() == 2);
    CHECK(map.at("x") == 10);
  }

  TEST_CASE("Map with Any keys treats String, const char* and std::string alike") {
    Map<Any, Any> map;
    map.Set(Any("k"), Any(1));
    CHECK(map.count(Any(String("k"))) == 1);
    CHECK(map.count(Any(std::string("k"))) == 1);
    CHECK(map.count(Any(Bytes("k"))) == 0);
    CHECK(map.at(Any("k")).cast<int64_t>() == 1);
  }

  TEST_CASE("concatenation and streaming") {
    String a("foo");
    String b = a + "bar";
    CHECK(b == "foobar");
    CHECK(a == "foo");
    std::ostringstream os;
    os << b;
    CHECK(os.str() == "foobar");
  }

  TEST_CASE("String crosses Any as str") {
    Any a(String("s"));
    CHECK(a.type_index() == TypeIndex::kStr);
    CHECK(a.cast<String>() == "s");
    CHECK(TypeTraits<String>::TypeStr() == "str");
    CHECK(TypeTraits<std::string>::TypeStr() == "str");
    CHECK_THROWS_WITH_AS(Any(Bytes("s")).cast<String>(),
                         "TypeError: Cannot convert from type `ffi.Bytes` to `str`", Error);
  }
}

TEST_SUITE("ffi.Bytes") {
  TEST_CASE("a default Bytes is empty") {
    Bytes b;
    CHECK(b.defined());
    CHECK(b.empty());
    CHECK(b->type_index() == TypeIndex::kBytes);
  }

  TEST_CASE("equality compares content, including NUL bytes") {
    Bytes a(std::string("\x00\x01\xff", 3));
    Bytes b(std::string("\x00\x01\xff", 3));
    Bytes c(std::string("\x00\x01\xfe", 3));
    CHECK_FALSE(a.same_as(b));
    CHECK(a == b);
    CHECK(a != c);
    CHECK(a.size() == 3);
    CHECK(a.str()[2] == '\xff');
  }

  TEST_CASE("Bytes crosses Any as bytes and not as str") {
    Any a(Bytes("raw"));
    CHECK(a.type_index() == TypeIndex::kBytes);
    CHECK(a.GetTypeKey() == "ffi.Bytes");
    CHECK(a.cast<Bytes>() == Bytes("raw"));
    CHECK_FALSE(a.try_cast<std::string>().has_value());
    CHECK(TypeTraits<Bytes>::TypeStr() == "bytes");
    CHECK_THROWS_WITH_AS(Any("raw").cast<Bytes>(),
                         "TypeError: Cannot convert from type `ffi.String` to `bytes`", Error);
  }

  TEST_CASE("bytes keys are distinct from equal string keys") {
    Map<Any, int64_t> map;
    map.Set(Any(Bytes("k")), 1);
    map.Set(Any(String("k")), 2);
    CHECK(map.size() == 2);
    CHECK(map.at(Any(Bytes(std::string("k")))) == 1);
    CHECK(map.at(Any(String("k"))) == 2);
  }
}
