#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/testing.h>

#include <string>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::CaptureError;
using reflection::GetTypeInfo;
using reflection::TypeInfo;
using testing::TestBaseObj;
using testing::TestIntPairObj;
using testing::TestNodeObj;

namespace type_registry_test {

// Registered on first use (make_object / RuntimeTypeIndex), below a non-final testing type.
class DynamicChildObj : public TestBaseObj {
 public:
  int64_t extra = 0;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("testing.test_type_registry.DynamicChild", DynamicChildObj,
                                    TestBaseObj);
};

}  // namespace type_registry_test

using type_registry_test::DynamicChildObj;

TEST_SUITE("ffi.TypeRegistry") {
  TEST_CASE("key and index map to each other") {
    int32_t index = TestNodeObj::RuntimeTypeIndex();
    const TypeInfo* by_index = GetTypeInfo(index);
    const TypeInfo* by_key = GetTypeInfo("testing.TestNode");
    REQUIRE(by_index != nullptr);
    CHECK(by_index == by_key);
    CHECK(by_index->type_index == index);
    CHECK(by_index->type_key == "testing.TestNode");
    CHECK(details::TypeIndexToKey(index) == "testing.TestNode");
  }

  TEST_CASE("built-in types have their fixed indices and keys") {
    struct Builtin {
      int32_t index;
      const char* key;
      bool final;
    };
    const Builtin builtins[] = {
        {TypeIndex::kObject, "ffi.Object", false},     {TypeIndex::kError, "ffi.Error", true},
        {TypeIndex::kFunction, "ffi.Function", false}, {TypeIndex::kShape, "ffi.Shape", true},
        {TypeIndex::kTensor, "ffi.Tensor", true},      {TypeIndex::kStr, "ffi.String", true},
        {TypeIndex::kBytes, "ffi.Bytes", true},        {TypeIndex::kArray, "ffi.Array", true},
        {TypeIndex::kList, "ffi.List", true},          {TypeIndex::kMap, "ffi.Map", true},
        {TypeIndex::kDict, "ffi.Dict", true},          {TypeIndex::kModule, "ffi.Module", false},
    };
    for (const Builtin& builtin : builtins) {
      CAPTURE(builtin.key);
      const TypeInfo* info = GetTypeInfo(builtin.key);
      REQUIRE(info != nullptr);
      CHECK(info->type_index == builtin.index);
      CHECK(info->final == builtin.final);
      CHECK(details::TypeIndexToKey(builtin.index) == builtin.key);
      if (builtin.index == TypeIndex::kObject) {
        CHECK(info->parent_index == -1);
        CHECK(info->type_depth == 0);
      } else {
        CHECK(info->parent_index == TypeIndex::kObject);
        CHECK(info->type_depth == 1);
      }
    }
  }

  TEST_CASE("unknown keys and indices are not found") {
    CHECK(GetTypeInfo("testing.NoSuchType") == nullptr);
    CHECK(GetTypeInfo(TypeIndex::kStaticObjectEnd + 10) == nullptr);
    CHECK(GetTypeInfo(-1) == nullptr);
    CHECK(GetTypeInfo(1 << 20) == nullptr);
    CHECK(details::TypeIndexToKey(9999) == "<unknown type 9999>");
    CHECK(details::TypeIndexToKey(-5) == "<unknown type -5>");
  }

  TEST_CASE("parent and depth of the testing hierarchy") {
    const TypeInfo* base = GetTypeInfo("testing.TestBase");
    const TypeInfo* node = GetTypeInfo("testing.TestNode");
    const TypeInfo* pair = GetTypeInfo("testing.TestIntPair");
    REQUIRE(base != nullptr);
    REQUIRE(node != nullptr);
    REQUIRE(pair != nullptr);
    CHECK(base->parent_index == TypeIndex::kObject);
    CHECK(base->type_depth == 1);
    CHECK_FALSE(base->final);
    CHECK(node->parent_index == base->type_index);
    CHECK(node->type_depth == 2);
    CHECK(node->final);
    CHECK(pair->parent_index == TypeIndex::kObject);
    CHECK(pair->type_depth == 1);
    CHECK(pair->final);
    CHECK(base->type_index >= TypeIndex::kDynamicObjectBegin);
    CHECK(node->type_index >= TypeIndex::kDynamicObjectBegin);
    CHECK(pair->type_index >= TypeIndex::kDynamicObjectBegin);
    CHECK(base->type_index != node->type_index);
  }

  TEST_CASE("ancestors answer IsDerivedFrom at every depth") {
    int32_t object = TypeIndex::kObject;
    int32_t base = TestBaseObj::RuntimeTypeIndex();
    int32_t node = TestNodeObj::RuntimeTypeIndex();
    int32_t pair = TestIntPairObj::RuntimeTypeIndex();
    CHECK(details::IsDerivedFrom(node, node));
    CHECK(details::IsDerivedFrom(node, base));
    CHECK(details::IsDerivedFrom(node, object));
    CHECK(details::IsDerivedFrom(base, object));
    CHECK_FALSE(details::IsDerivedFrom(base, node));
    CHECK_FALSE(details::IsDerivedFrom(object, base));
    CHECK_FALSE(details::IsDerivedFrom(pair, base));
    CHECK_FALSE(details::IsDerivedFrom(node, pair));
    CHECK_FALSE(details::IsDerivedFrom(TypeIndex::kStr, TypeIndex::kArray));
    CHECK(details::IsDerivedFrom(TypeIndex::kStr, object));
    // Unregistered indices are never derived from anything, nor an ancestor of anything.
    CHECK_FALSE(details::IsDerivedFrom(9999, object));
    CHECK_FALSE(details::IsDerivedFrom(node, 9999));
  }

  TEST_CASE("the ancestor chain walks parents up to the root") {
    // Depth d's ancestor is found by following parent_index (d - depth) times; IsDerivedFrom
    // must agree with that walk for every type on the chain.
    int32_t node = TestNodeObj::RuntimeTypeIndex();
    std::vector<int32_t> chain;
    for (const TypeInfo* info = GetTypeInfo(node); info != nullptr;
         info = GetTypeInfo(info->parent_index)) {
      chain.push_back(info->type_index);
    }
    REQUIRE(chain.size() == 3);
    CHECK(chain[0] == node);
    CHECK(chain[1] == TestBaseObj::RuntimeTypeIndex());
    CHECK(chain[2] == TypeIndex::kObject);
    for (size_t i = 0; i < chain.size(); ++i) {
      CHECK(GetTypeInfo(chain[i])->type_depth == static_cast<int32_t>(chain.size() - 1 - i));
      CHECK(details::IsDerivedFrom(node, chain[i]));
    }
  }

  TEST_CASE("a type is registered at run time below its parent") {
    int32_t parent = TestBaseObj::RuntimeTypeIndex();
    int32_t index =
        details::RegisterObjectType("testing.test_type_registry.Runtime", parent, false);
    CHECK(index >= TypeIndex::kDynamicObjectBegin);
    const TypeInfo* info = GetTypeInfo(index);
    REQUIRE(info != nullptr);
    CHECK(info->type_key == "testing.test_type_registry.Runtime");
    CHECK(info->parent_index == parent);
    CHECK(info->type_depth == 2);
    CHECK_FALSE(info->final);
    CHECK(info->fields.empty());
    CHECK(info->methods.empty());
    CHECK((info->creator == nullptr));
    CHECK(GetTypeInfo("testing.test_type_registry.Runtime") == info);
    CHECK(details::IsDerivedFrom(index, parent));
    CHECK(details::IsDerivedFrom(index, TypeIndex::kObject));
    CHECK_FALSE(details::IsDerivedFrom(index, TestNodeObj::RuntimeTypeIndex()));

    // A grandchild registered below it sits one level deeper.
    int32_t grandchild =
        details::RegisterObjectType("testing.test_type_registry.RuntimeChild", index, true);
    CHECK(grandchild != index);
    CHECK(GetTypeInfo(grandchild)->type_depth == 3);
    CHECK(GetTypeInfo(grandchild)->final);
    CHECK(details::IsDerivedFrom(grandchild, index));
    CHECK(details::IsDerivedFrom(grandchild, parent));
  }

  TEST_CASE("registering the same key and parent again returns the same index") {
    int32_t parent = TestBaseObj::RuntimeTypeIndex();
    int32_t first = details::RegisterObjectType("testing.test_type_registry.Again", parent, false);
    int32_t second = details::RegisterObjectType("testing.test_type_registry.Again", parent, false);
    CHECK(first == second);
    CHECK(details::RegisterObjectType("testing.TestNode", parent, true) ==
          TestNodeObj::RuntimeTypeIndex());
    CHECK(details::RegisterObjectType("ffi.String", TypeIndex::kObject, true) == TypeIndex::kStr);
  }

  TEST_CASE("registering a key again with another parent is a RuntimeError") {
    int32_t base = TestBaseObj::RuntimeTypeIndex();
    details::RegisterObjectType("testing.test_type_registry.Conflict", base, false);
    auto err = CaptureError([&] {
      details::RegisterObjectType("testing.test_type_registry.Conflict", TypeIndex::kObject, false);
    });
    REQUIRE(err.has_value());
    CHECK(err->kind() == "RuntimeError");
    CHECK(err->message() ==
          "Type `testing.test_type_registry.Conflict` is already registered with parent "
          "`testing.TestBase`, not `ffi.Object`");
    // The failed attempt changed nothing.
    const TypeInfo* info = GetTypeInfo("testing.test_type_registry.Conflict");
    REQUIRE(info != nullptr);
    CHECK(info->parent_index == base);
  }

  TEST_CASE("deriving from a final type is a RuntimeError") {
    auto err = CaptureError([&] {
      details::RegisterObjectType("testing.test_type_registry.FromFinal",
                                  TestIntPairObj::RuntimeTypeIndex(), false);
    });
    REQUIRE(err.has_value());
    CHECK(err->kind() == "RuntimeError");
    CHECK(err->message() ==
          "Type `testing.test_type_registry.FromFinal` cannot derive from final type "
          "`testing.TestIntPair`");
    CHECK(GetTypeInfo("testing.test_type_registry.FromFinal") == nullptr);

    CHECK_THROWS_WITH_AS(
        details::RegisterObjectType("testing.test_type_registry.FromString", TypeIndex::kStr,
                                    false),
        "RuntimeError: Type `testing.test_type_registry.FromString` cannot derive from final type "
        "`ffi.String`",
        Error);
  }

  TEST_CASE("an unknown parent index is an InternalError") {
    auto err = CaptureError(
        [&] { details::RegisterObjectType("testing.test_type_registry.Orphan", 9999, false); });
    REQUIRE(err.has_value());
    CHECK(err->kind() == "InternalError");
    CHECK(err->message() ==
          "Check failed: (parent_entry != nullptr) is false: unknown parent index 9999");
    CHECK(GetTypeInfo("testing.test_type_registry.Orphan") == nullptr);
  }

  TEST_CASE("a C++ type declared with the macros registers on first use") {
    ObjectPtr<DynamicChildObj> child = make_object<DynamicChildObj>();
    const TypeInfo* info = GetTypeInfo("testing.test_type_registry.DynamicChild");
    REQUIRE(info != nullptr);
    CHECK(child->type_index() == info->type_index);
    CHECK(info->parent_index == TestBaseObj::RuntimeTypeIndex());
    CHECK(info->final);
    CHECK(child->IsInstance<TestBaseObj>());
    CHECK_FALSE(child->IsInstance<TestNodeObj>());
    CHECK(child->GetTypeKey() == "testing.test_type_registry.DynamicChild");
    // RuntimeTypeIndex is cached and agrees with the registry.
    CHECK(DynamicChildObj::RuntimeTypeIndex() == info->type_index);
  }
}
