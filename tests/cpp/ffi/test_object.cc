#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/testing.h>

#include <unordered_set>
#include <utility>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::CaptureError;
using ffi_test::LiveObjects;
using testing::TestBase;
using testing::TestBaseObj;
using testing::TestIntPair;
using testing::TestIntPairObj;
using testing::TestNode;
using testing::TestNodeObj;

namespace object_test {

// A three-level non-final hierarchy below testing.TestBase, so that IsInstance has to consult
// the registry (final types are answered by the index comparison alone).
class MidObj : public TestBaseObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO("testing.test_object.Mid", MidObj, TestBaseObj);
};

class LeafObj : public MidObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO("testing.test_object.Leaf", LeafObj, MidObj);
};

class SiblingObj : public TestBaseObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO("testing.test_object.Sibling", SiblingObj, TestBaseObj);
};

}  // namespace object_test

using object_test::LeafObj;
using object_test::MidObj;
using object_test::SiblingObj;

TEST_SUITE("ffi.Object") {
  TEST_CASE("make_object sets the type and same_as compares identity") {
    TestIntPair pair(1, 2);
    TestIntPair alias = pair;
    CHECK(alias.same_as(pair));
    CHECK(pair->a == 1);
    CHECK(pair->GetTypeKey() == "testing.TestIntPair");
    CHECK(pair.use_count() == 2);
  }

  TEST_CASE("make_object returns a uniquely owned object of the registered type") {
    ObjectPtr<TestIntPairObj> ptr = make_object<TestIntPairObj>(3, 4);
    REQUIRE(ptr != nullptr);
    CHECK(ptr.use_count() == 1);
    CHECK(ptr->unique());
    CHECK(ptr->type_index() == TestIntPairObj::RuntimeTypeIndex());
    CHECK(ptr->type_index() >= TypeIndex::kDynamicObjectBegin);
    CHECK(ptr->a == 3);
    CHECK(ptr->b == 4);
    CHECK(ptr->Sum() == 7);
  }

  TEST_CASE("built-in objects carry their fixed type indices") {
    CHECK(String("x")->type_index() == TypeIndex::kStr);
    CHECK(Bytes("x")->type_index() == TypeIndex::kBytes);
    CHECK(Array<Any>()->type_index() == TypeIndex::kArray);
    CHECK(List<Any>()->type_index() == TypeIndex::kList);
    CHECK(Map<Any, Any>()->type_index() == TypeIndex::kMap);
    CHECK(Dict<Any, Any>()->type_index() == TypeIndex::kDict);
    CHECK(Shape({1})->type_index() == TypeIndex::kShape);
    CHECK(Error("ValueError", "m")->type_index() == TypeIndex::kError);
    CHECK(Function::FromPacked([](PackedArgs, Any*) {})->type_index() == TypeIndex::kFunction);
  }

  TEST_CASE("ObjectPtr copy increments and reset decrements the count") {
    ObjectPtr<TestIntPairObj> a = make_object<TestIntPairObj>(1, 2);
    ObjectPtr<TestIntPairObj> b = a;
    CHECK(a.use_count() == 2);
    CHECK(b.use_count() == 2);
    CHECK(a == b);
    CHECK(a.get() == b.get());
    {
      ObjectPtr<TestIntPairObj> c(b);
      CHECK(a.use_count() == 3);
    }
    CHECK(a.use_count() == 2);
    b.reset();
    CHECK(b == nullptr);
    CHECK(b.use_count() == 0);
    CHECK(a.use_count() == 1);
  }

  TEST_CASE("ObjectPtr move transfers ownership without touching the count") {
    ObjectPtr<TestIntPairObj> a = make_object<TestIntPairObj>(1, 2);
    TestIntPairObj* raw = a.get();
    ObjectPtr<TestIntPairObj> b = std::move(a);
    CHECK(a == nullptr);  // NOLINT(bugprone-use-after-move)
    CHECK_FALSE(static_cast<bool>(a));
    CHECK(b.get() == raw);
    CHECK(b.use_count() == 1);

    ObjectPtr<TestIntPairObj> c;
    c = std::move(b);
    CHECK(b == nullptr);  // NOLINT(bugprone-use-after-move)
    CHECK(c.get() == raw);
    CHECK(c.use_count() == 1);
  }

  TEST_CASE("ObjectPtr converts to a pointer to a base") {
    ObjectPtr<TestNodeObj> node = make_object<TestNodeObj>();
    ObjectPtr<TestBaseObj> base = node;
    CHECK(node.use_count() == 2);
    ObjectPtr<Object> root = std::move(base);
    CHECK(base == nullptr);  // NOLINT(bugprone-use-after-move)
    CHECK(node.use_count() == 2);
    CHECK(root.get() == node.get());
  }

  TEST_CASE("ObjectPtr copy assignment releases the old object") {
    int64_t baseline = LiveObjects();
    ObjectPtr<TestIntPairObj> a = make_object<TestIntPairObj>(1, 2);
    ObjectPtr<TestIntPairObj> b = make_object<TestIntPairObj>(3, 4);
    CHECK(LiveObjects() == baseline + 2);
    a = b;
    CHECK(LiveObjects() == baseline + 1);
    CHECK(a->a == 3);
    CHECK(b.use_count() == 2);
    ObjectPtr<TestIntPairObj>& alias = a;
    a = alias;  // self-assignment keeps the object
    CHECK(a.use_count() == 2);
    CHECK(a->b == 4);
  }

  TEST_CASE("ObjectRef copies and moves count references") {
    TestIntPair pair(5, 6);
    CHECK(pair.use_count() == 1);
    CHECK(pair.unique());
    {
      TestIntPair copy = pair;
      CHECK(pair.use_count() == 2);
      CHECK_FALSE(pair.unique());
      TestIntPair moved = std::move(copy);
      CHECK_FALSE(copy.defined());  // NOLINT(bugprone-use-after-move)
      CHECK(copy.use_count() == 0);
      CHECK(pair.use_count() == 2);
      CHECK(moved.same_as(pair));
    }
    CHECK(pair.use_count() == 1);
  }

  TEST_CASE("same_as compares identity, not content") {
    TestIntPair a(1, 2);
    TestIntPair b(1, 2);
    CHECK_FALSE(a.same_as(b));
    CHECK(a.same_as(a));
    TestIntPair null1;
    TestIntPair null2;
    CHECK(null1.same_as(null2));
    CHECK_FALSE(null1.same_as(a));
    CHECK_FALSE(null1.defined());
    CHECK(null1.get() == nullptr);
  }

  TEST_CASE("as returns the object when it has the type and nullptr otherwise") {
    TestIntPair pair(1, 2);
    const TestIntPairObj* as_pair = pair.as<TestIntPairObj>();
    REQUIRE(as_pair != nullptr);
    CHECK(as_pair == pair.get());
    CHECK(pair.as<Object>() == pair.get());
    CHECK(pair.as<TestBaseObj>() == nullptr);
    CHECK(pair.as<TestNodeObj>() == nullptr);
    CHECK(pair.as<StringObj>() == nullptr);

    TestNode node(make_object<TestNodeObj>());
    ObjectRef ref = node;
    CHECK(ref.as<TestBaseObj>() == node.get());
    CHECK(ref.as<TestNodeObj>() == node.get());

    ObjectRef null;
    CHECK(null.as<Object>() == nullptr);
    CHECK(null.as<TestIntPairObj>() == nullptr);
  }

  TEST_CASE("IsInstance follows the hierarchy") {
    ObjectPtr<TestBaseObj> base = make_object<TestBaseObj>();
    ObjectPtr<TestNodeObj> node = make_object<TestNodeObj>();
    ObjectPtr<TestIntPairObj> pair = make_object<TestIntPairObj>();

    CHECK(base->IsInstance<Object>());
    CHECK(base->IsInstance<TestBaseObj>());
    CHECK_FALSE(base->IsInstance<TestNodeObj>());
    CHECK_FALSE(base->IsInstance<TestIntPairObj>());

    CHECK(node->IsInstance<Object>());
    CHECK(node->IsInstance<TestBaseObj>());
    CHECK(node->IsInstance<TestNodeObj>());
    CHECK_FALSE(node->IsInstance<TestIntPairObj>());

    CHECK(pair->IsInstance<Object>());
    CHECK(pair->IsInstance<TestIntPairObj>());
    CHECK_FALSE(pair->IsInstance<TestBaseObj>());
    CHECK_FALSE(pair->IsInstance<StringObj>());
  }

  TEST_CASE("IsInstance through several non-final levels") {
    ObjectPtr<LeafObj> leaf = make_object<LeafObj>();
    ObjectPtr<MidObj> mid = make_object<MidObj>();
    ObjectPtr<SiblingObj> sibling = make_object<SiblingObj>();

    CHECK(leaf->IsInstance<LeafObj>());
    CHECK(leaf->IsInstance<MidObj>());
    CHECK(leaf->IsInstance<TestBaseObj>());
    CHECK(leaf->IsInstance<Object>());
    CHECK_FALSE(leaf->IsInstance<SiblingObj>());
    CHECK_FALSE(leaf->IsInstance<TestNodeObj>());

    CHECK(mid->IsInstance<MidObj>());
    CHECK_FALSE(mid->IsInstance<LeafObj>());
    CHECK(mid->IsInstance<TestBaseObj>());

    CHECK(sibling->IsInstance<TestBaseObj>());
    CHECK_FALSE(sibling->IsInstance<MidObj>());
    CHECK_FALSE(sibling->IsInstance<LeafObj>());

    CHECK(leaf->GetTypeKey() == "testing.test_object.Leaf");
  }

  TEST_CASE("GetTypeKey names the registered type") {
    CHECK(make_object<TestBaseObj>()->GetTypeKey() == "testing.TestBase");
    CHECK(make_object<TestNodeObj>()->GetTypeKey() == "testing.TestNode");
    CHECK(String("s")->GetTypeKey() == "ffi.String");
    CHECK(Array<Any>()->GetTypeKey() == "ffi.Array");
    CHECK(Map<Any, Any>()->GetTypeKey() == "ffi.Map");
    CHECK(std::string(TestIntPairObj::_type_key) == "testing.TestIntPair");
    CHECK(details::TypeIndexToKey(TypeIndex::kObject) == "ffi.Object");
  }

  TEST_CASE("cast to the same or a base type keeps the object") {
    TestNode node(make_object<TestNodeObj>());
    ObjectRef ref = node;
    TestBase base = ref.cast<TestBase>();
    CHECK(base.same_as(node));
    TestNode back = base.cast<TestNode>();
    CHECK(back.same_as(node));
    ObjectRef root = node.cast<ObjectRef>();
    CHECK(root.same_as(node));
    CHECK(node.use_count() == 5);
  }

  TEST_CASE("cast of a null reference to a nullable type is null") {
    ObjectRef null;
    TestNode node = null.cast<TestNode>();
    CHECK_FALSE(node.defined());
  }

  TEST_CASE("cast to an unrelated type raises TypeError naming both types") {
    ObjectRef ref = TestIntPair(1, 2);
    CHECK_THROWS_WITH_AS(ref.cast<TestNode>(),
                         "TypeError: Cannot convert from type `testing.TestIntPair` to "
                         "`testing.TestNode`",
                         Error);
    auto err = CaptureError([&] { ref.cast<TestNode>(); });
    REQUIRE(err.has_value());
    CHECK(err->kind() == "TypeError");
    CHECK(err->message() == "Cannot convert from type `testing.TestIntPair` to `testing.TestNode`");
  }

  TEST_CASE("cast of a base object down to a derived type fails") {
    ObjectRef base(make_object<TestBaseObj>());
    CHECK_THROWS_WITH_AS(base.cast<TestNode>(),
                         "TypeError: Cannot convert from type `testing.TestBase` to "
                         "`testing.TestNode`",
                         Error);
    ObjectRef null;
    CHECK_THROWS_WITH_AS(null.cast<String>(), "TypeError: Cannot convert from type `None` to `str`",
                         Error);
  }

  TEST_CASE("GetRef makes a new reference from a raw object pointer") {
    TestIntPair pair(1, 2);
    const TestIntPairObj* raw = pair.get();
    TestIntPair again = GetRef<TestIntPair>(raw);
    CHECK(again.same_as(pair));
    CHECK(pair.use_count() == 2);
  }

  TEST_CASE("ObjectPtrHash and ObjectPtrEqual key containers by identity") {
    TestIntPair a(1, 2);
    TestIntPair b(1, 2);
    std::unordered_set<ObjectRef, ObjectPtrHash, ObjectPtrEqual> set;
    set.insert(a);
    set.insert(b);
    set.insert(a);
    CHECK(set.size() == 2);
    CHECK(set.count(a) == 1);
    CHECK(set.count(TestIntPair(1, 2)) == 0);
  }

  TEST_CASE("the live object count returns to its baseline") {
    int64_t baseline = LiveObjects();
    {
      TestIntPair pair(1, 2);
      CHECK(LiveObjects() == baseline + 1);
      // A node allocates its default name string, children, attrs and pattern containers.
      ObjectPtr<TestNodeObj> node = make_object<TestNodeObj>();
      CHECK(LiveObjects() == baseline + 6);
      node->name = "n";  // replaces one string by another
      CHECK(LiveObjects() == baseline + 6);
      // A child (with its own name string) and a new array replacing the default one.
      node->children = Array<TestBase>({TestBase(make_object<TestBaseObj>())});
      CHECK(LiveObjects() == baseline + 8);
      TestIntPair alias = pair;
      CHECK(LiveObjects() == baseline + 8);
    }
    CHECK(LiveObjects() == baseline);
  }

  TEST_CASE("copying an object makes a new unowned object of the same type") {
    int64_t baseline = LiveObjects();
    {
      ObjectPtr<TestIntPairObj> a = make_object<TestIntPairObj>(1, 2);
      ObjectPtr<TestIntPairObj> b = make_object<TestIntPairObj>(*a);
      CHECK(LiveObjects() == baseline + 2);
      CHECK(a.get() != b.get());
      CHECK(a.use_count() == 1);
      CHECK(b.use_count() == 1);
      CHECK(b->type_index() == a->type_index());
      CHECK(b->a == 1);
    }
    CHECK(LiveObjects() == baseline);
  }
}

TEST_SUITE("ffi.Object destruction") {
  TEST_CASE("freeing a million-deep nesting takes constant stack") {
    const int64_t before = tvm::ffi::details::LiveObjectCounter().load();
    {
      tvm::ffi::Array<tvm::ffi::Any> nested;
      for (int i = 0; i < 1000000; ++i) nested = tvm::ffi::Array<tvm::ffi::Any>{nested};
      CHECK(tvm::ffi::details::LiveObjectCounter().load() - before == 1000001);
    }  // the release of the outermost array frees every level, one after another
    CHECK(tvm::ffi::details::LiveObjectCounter().load() == before);
  }
}
