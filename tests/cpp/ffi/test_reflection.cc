#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/reflection/object_utils.h>
#include <tvm/ffi/testing.h>

#include <string>
#include <utility>
#include <vector>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::CaptureError;
using ffi_test::LiveObjects;
using reflection::AllFields;
using reflection::CreateFromFields;
using reflection::DeepCopy;
using reflection::DefRegionKind;
using reflection::FieldInfo;
using reflection::FieldwiseEqual;
using reflection::FindField;
using reflection::FindMethod;
using reflection::GetFieldValue;
using reflection::MethodInfo;
using reflection::SetFieldValue;
using testing::TestBase;
using testing::TestBaseObj;
using testing::TestIntPair;
using testing::TestIntPairObj;
using testing::TestNode;
using testing::TestNodeObj;

namespace reflection_test {

// A small hierarchy registered by this file: writable fields, defaults, an inherited method and
// a static method.
class ItemObj : public Object {
 public:
  int64_t id = 0;
  String label;
  int64_t Twice() const { return 2 * id; }
  TVM_FFI_DECLARE_OBJECT_INFO("testing.test_reflection.Item", ItemObj, Object);
};

class Item : public ObjectRef {
 public:
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Item, ObjectRef, ItemObj);
};

class WeightedItemObj : public ItemObj {
 public:
  double weight = 1.0;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("testing.test_reflection.WeightedItem", WeightedItemObj,
                                    ItemObj);
};

// Reflected, but not copyable: DeepCopy must refuse it.
class NoCopyObj : public Object {
 public:
  NoCopyObj() = default;
  NoCopyObj(const NoCopyObj&) = delete;
  int64_t x = 0;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("testing.test_reflection.NoCopy", NoCopyObj, Object);
};

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<ItemObj>()
      .def_ro("id", &ItemObj::id, refl::DefaultValue(5), "the id")
      .def_rw("label", &ItemObj::label, refl::DefaultValue("none"))
      .def("twice", &ItemObj::Twice, "2 * id")
      .def_static("make", [](int64_t id) {
        ObjectPtr<ItemObj> item = make_object<ItemObj>();
        item->id = id;
        return Item(item);
      });
  refl::ObjectDef<WeightedItemObj>().def_rw("weight", &WeightedItemObj::weight);
  refl::ObjectDef<NoCopyObj>().def_ro("x", &NoCopyObj::x);
}

std::vector<std::string> Names(const std::vector<const FieldInfo*>& fields) {
  std::vector<std::string> names;
  for (const FieldInfo* field : fields) names.push_back(field->name);
  return names;
}

Object* Mutable(const ObjectRef& ref) { return details::ObjectUnsafe::RawPtr(ref); }

// A node with a shared leaf reachable four ways: body, children[0], children[1] and attrs["k"].
TestNode MakeGraph() {
  ObjectPtr<TestBaseObj> leaf = make_object<TestBaseObj>();
  leaf->name = "leaf";
  leaf->value = 1;
  ObjectPtr<TestNodeObj> node = make_object<TestNodeObj>();
  node->name = "root";
  node->value = 2;
  node->dtype = DataType::Float(32);
  node->body = TestBase(leaf);
  node->children = Array<TestBase>({TestBase(leaf), TestBase(leaf)});
  node->attrs = Map<String, Any>({{"k", Any(TestBase(leaf))}, {"n", Any(3)}});
  node->binding = TestBase(leaf);
  return TestNode(node);
}

}  // namespace reflection_test

using reflection_test::Item;
using reflection_test::ItemObj;
using reflection_test::MakeGraph;
using reflection_test::Mutable;
using reflection_test::Names;
using reflection_test::NoCopyObj;
using reflection_test::WeightedItemObj;

TEST_SUITE("ffi.Reflection") {
  TEST_CASE("TestIntPair fields") {
    const reflection::TypeInfo* info = reflection::GetTypeInfo("testing.TestIntPair");
    REQUIRE(info != nullptr);
    REQUIRE(info->fields.size() == 2);
    const FieldInfo& a = info->fields[0];
    const FieldInfo& b = info->fields[1];
    CHECK(a.name == "a");
    CHECK(a.type_str == "int");
    CHECK(a.read_only);
    CHECK(a.doc == "first value");
    CHECK(a.def_region == DefRegionKind::kNone);
    CHECK_FALSE(a.default_value.has_value());
    CHECK(a.declaring_type_index == TestIntPairObj::RuntimeTypeIndex());
    CHECK(b.name == "b");
    CHECK(b.type_str == "int");
    CHECK(b.doc == "second value");
    TestIntPair probe(1, 2);
    const char* base = reinterpret_cast<const char*>(probe.get());
    CHECK(a.offset == reinterpret_cast<const char*>(&probe->a) - base);
    CHECK(b.offset == reinterpret_cast<const char*>(&probe->b) - base);
    CHECK((info->creator != nullptr));
    CHECK((info->cloner != nullptr));
  }

  TEST_CASE("TestBase and TestNode fields: names, types, read-only and regions") {
    struct Expected {
      const char* name;
      const char* type_str;
      DefRegionKind region;
      bool has_default;
    };
    const Expected expected[] = {
        {"name", "str", DefRegionKind::kNone, false},
        {"value", "int", DefRegionKind::kNone, true},
        {"dtype", "DataType", DefRegionKind::kNone, false},
        {"body", "testing.TestBase", DefRegionKind::kNone, false},
        {"parent", "Optional<testing.TestBase>", DefRegionKind::kNone, true},
        {"children", "Array<testing.TestBase>", DefRegionKind::kNone, true},
        {"attrs", "Map<str, Any>", DefRegionKind::kNone, true},
        {"binding", "Optional<testing.TestBase>", DefRegionKind::kSimple, true},
        {"pattern", "Array<testing.TestBase>", DefRegionKind::kPattern, true},
    };
    std::vector<const FieldInfo*> fields = AllFields(TestNodeObj::RuntimeTypeIndex());
    REQUIRE(fields.size() == 9);
    for (size_t i = 0; i < fields.size(); ++i) {
      CAPTURE(expected[i].name);
      CHECK(fields[i]->name == expected[i].name);
      CHECK(fields[i]->type_str == expected[i].type_str);
      CHECK(fields[i]->read_only);
      CHECK(fields[i]->def_region == expected[i].region);
      CHECK(fields[i]->default_value.has_value() == expected[i].has_default);
      CHECK(fields[i]->declaring_type_index ==
            (i < 2 ? TestBaseObj::RuntimeTypeIndex() : TestNodeObj::RuntimeTypeIndex()));
    }
    CHECK(reflection::GetTypeInfo(TestNodeObj::RuntimeTypeIndex())->fields.size() == 7);
    CHECK(reflection::GetTypeInfo(TestBaseObj::RuntimeTypeIndex())->fields.size() == 2);
    CHECK(Names(AllFields(TestBaseObj::RuntimeTypeIndex())) ==
          std::vector<std::string>{"name", "value"});
  }

  TEST_CASE("DefRegionKind names") {
    CHECK(std::string(reflection::DefRegionKindName(DefRegionKind::kNone)) == "None");
    CHECK(std::string(reflection::DefRegionKindName(DefRegionKind::kSimple)) == "Simple");
    CHECK(std::string(reflection::DefRegionKindName(DefRegionKind::kPattern)) == "Pattern");
  }

  TEST_CASE("AllFields puts inherited fields first and handles unknown types") {
    CHECK(Names(AllFields(WeightedItemObj::RuntimeTypeIndex())) ==
          std::vector<std::string>{"id", "label", "weight"});
    CHECK(AllFields(TypeIndex::kObject).empty());
    CHECK(AllFields(9999).empty());
  }

  TEST_CASE("FindField finds own and inherited fields") {
    int32_t node = TestNodeObj::RuntimeTypeIndex();
    const FieldInfo* name = FindField(node, "name");
    REQUIRE(name != nullptr);
    CHECK(name->declaring_type_index == TestBaseObj::RuntimeTypeIndex());
    const FieldInfo* binding = FindField(node, "binding");
    REQUIRE(binding != nullptr);
    CHECK(binding->def_region == DefRegionKind::kSimple);
    CHECK(FindField(node, "missing") == nullptr);
    CHECK(FindField(TestBaseObj::RuntimeTypeIndex(), "binding") == nullptr);
    const FieldInfo* label = FindField(WeightedItemObj::RuntimeTypeIndex(), "label");
    REQUIRE(label != nullptr);
    CHECK_FALSE(label->read_only);
  }

  TEST_CASE("FindMethod finds own and inherited methods") {
    const MethodInfo* sum = FindMethod(TestIntPairObj::RuntimeTypeIndex(), "sum");
    REQUIRE(sum != nullptr);
    CHECK(sum->name == "sum");
    CHECK_FALSE(sum->is_static);
    CHECK(sum->doc == "a + b");
    const MethodInfo* init = FindMethod(TestIntPairObj::RuntimeTypeIndex(), "__ffi_init__");
    REQUIRE(init != nullptr);
    CHECK(init->is_static);
    CHECK(FindMethod(TestIntPairObj::RuntimeTypeIndex(), "missing") == nullptr);
    CHECK(FindMethod(TestNodeObj::RuntimeTypeIndex(), "sum") == nullptr);

    const MethodInfo* twice = FindMethod(WeightedItemObj::RuntimeTypeIndex(), "twice");
    REQUIRE(twice != nullptr);
    CHECK(twice == FindMethod(ItemObj::RuntimeTypeIndex(), "twice"));
    CHECK(twice->doc == "2 * id");
    const MethodInfo* make = FindMethod(WeightedItemObj::RuntimeTypeIndex(), "make");
    REQUIRE(make != nullptr);
    CHECK(make->is_static);
    CHECK(FindMethod(9999, "twice") == nullptr);
  }

  TEST_CASE("__ffi_init__ constructs the object") {
    const MethodInfo* init = FindMethod(TestIntPairObj::RuntimeTypeIndex(), "__ffi_init__");
    REQUIRE(init != nullptr);
    TestIntPair pair = init->func(3, 4).cast<TestIntPair>();
    CHECK(pair->a == 3);
    CHECK(pair->b == 4);
    CHECK(pair.use_count() == 1);
    CHECK_THROWS_WITH_AS(init->func(3),
                         "TypeError: Mismatched number of arguments when calling: "
                         "`testing.TestIntPair.__ffi_init__(0: int, 1: int) -> Object`. Expected 2 "
                         "but got 1 arguments",
                         Error);
  }

  TEST_CASE("methods are called with self first") {
    const MethodInfo* sum = FindMethod(TestIntPairObj::RuntimeTypeIndex(), "sum");
    REQUIRE(sum != nullptr);
    CHECK(sum->func(TestIntPair(20, 22)).cast<int64_t>() == 42);

    const MethodInfo* twice = FindMethod(WeightedItemObj::RuntimeTypeIndex(), "twice");
    REQUIRE(twice != nullptr);
    ObjectPtr<WeightedItemObj> weighted = make_object<WeightedItemObj>();
    weighted->id = 21;
    CHECK(twice->func(ObjectRef(weighted)).cast<int64_t>() == 42);

    const MethodInfo* make = FindMethod(ItemObj::RuntimeTypeIndex(), "make");
    REQUIRE(make != nullptr);
    Item item = make->func(8).cast<Item>();
    CHECK(item->id == 8);
  }

  TEST_CASE("a method called on the wrong self is a TypeError") {
    const MethodInfo* sum = FindMethod(TestIntPairObj::RuntimeTypeIndex(), "sum");
    REQUIRE(sum != nullptr);
    CHECK_THROWS_WITH_AS(sum->func(TestBase(make_object<TestBaseObj>())),
                         "TypeError: Method `testing.TestIntPair.sum` needs a "
                         "`testing.TestIntPair` as self but got `testing.TestBase`",
                         Error);
    CHECK_THROWS_WITH_AS(sum->func(Any()),
                         "TypeError: Method `testing.TestIntPair.sum` needs a "
                         "`testing.TestIntPair` as self but got `None`",
                         Error);
    CHECK_THROWS_WITH_AS(sum->func(1),
                         "TypeError: Mismatched type on argument #0 when calling: "
                         "`testing.TestIntPair.sum(0: Object) -> int`. Expected `Object` but got "
                         "`int`",
                         Error);
  }

  TEST_CASE("GetFieldValue and SetFieldValue read and write through the table") {
    TestIntPair pair(1, 2);
    int32_t index = TestIntPairObj::RuntimeTypeIndex();
    CHECK(GetFieldValue(pair.get(), *FindField(index, "a")).cast<int64_t>() == 1);
    CHECK(GetFieldValue(pair.get(), *FindField(index, "b")).cast<int64_t>() == 2);
    SetFieldValue(Mutable(pair), *FindField(index, "b"), 7);
    CHECK(pair->b == 7);
    SetFieldValue(Mutable(pair), *FindField(index, "a"), true);  // bool converts to int
    CHECK(pair->a == 1);
    CHECK_THROWS_WITH_AS(SetFieldValue(Mutable(pair), *FindField(index, "a"), 1.5),
                         "TypeError: Field `testing.TestIntPair.a` expects `int` but got `float`",
                         Error);
    CHECK(pair->a == 1);

    TestNode node = MakeGraph();
    Any dtype = GetFieldValue(node.get(), *FindField(TestNodeObj::RuntimeTypeIndex(), "dtype"));
    CHECK(dtype.cast<DataType>() == DataType::Float(32));
    Any parent = GetFieldValue(node.get(), *FindField(TestNodeObj::RuntimeTypeIndex(), "parent"));
    CHECK(parent.is_none());
    Any body = GetFieldValue(node.get(), *FindField(TestNodeObj::RuntimeTypeIndex(), "body"));
    CHECK(body.cast<TestBase>().same_as(node->body));
    SetFieldValue(Mutable(node), *FindField(TestNodeObj::RuntimeTypeIndex(), "dtype"), "int8");
    CHECK(node->dtype == DataType::Int(8));
  }

  TEST_CASE("view_getter reads what getter reads, without taking a reference") {
    TestNode node = MakeGraph();
    const int32_t body_refs = node->body.use_count();
    int checked = 0;
    for (const FieldInfo* field : AllFields(TestNodeObj::RuntimeTypeIndex())) {
      REQUIRE((field->view_getter != nullptr));
      const char* addr = reinterpret_cast<const char*>(node.get()) + field->offset;
      AnyView view = field->view_getter(addr);
      Any owned = GetFieldValue(node.get(), *field);
      CHECK(view.type_index() == owned.type_index());
      CHECK(view.pod().v_int64 == owned.pod().v_int64);
      ++checked;
    }
    CHECK(checked == static_cast<int>(AllFields(TestNodeObj::RuntimeTypeIndex()).size()));
    const FieldInfo* body_field = FindField(TestNodeObj::RuntimeTypeIndex(), "body");
    AnyView body =
        body_field->view_getter(reinterpret_cast<const char*>(node.get()) + body_field->offset);
    CHECK(body.pod().v_obj == node->body.get());
    CHECK(node->body.use_count() == body_refs);
    // A std::string field views as a raw C string, not as the String its getter makes.
    static_assert(!reflection::details::kHasFieldView<std::string>);
    static_assert(!reflection::details::kHasFieldView<std::optional<std::string>>);
    static_assert(reflection::details::kHasFieldView<String>);
  }

  TEST_CASE("CreateFromFields with every field") {
    TestIntPair pair = CreateFromFields(TestIntPairObj::RuntimeTypeIndex(), {{"b", 2}, {"a", 1}})
                           .cast<TestIntPair>();
    CHECK(pair->a == 1);
    CHECK(pair->b == 2);

    TestBase leaf(make_object<TestBaseObj>());
    Array<TestBase> children = {leaf};
    ObjectRef made = CreateFromFields(TestNodeObj::RuntimeTypeIndex(),
                                      {{"name", "n"},
                                       {"value", 4},
                                       {"dtype", "float16"},
                                       {"body", leaf},
                                       {"parent", leaf},
                                       {"children", children},
                                       {"attrs", Map<String, Any>({{"a", Any(1)}})},
                                       {"binding", leaf},
                                       {"pattern", children}});
    TestNode node = made.cast<TestNode>();
    CHECK(node->name == "n");
    CHECK(node->value == 4);
    CHECK(node->dtype == DataType::Float(16));
    CHECK(node->body.same_as(leaf));
    REQUIRE(node->parent.has_value());
    CHECK(node->parent->same_as(leaf));
    CHECK(node->children.same_as(children));
    CHECK(node->attrs.at("a").cast<int64_t>() == 1);
    CHECK(node->binding.has_value());
    CHECK(node->pattern.same_as(children));
  }

  TEST_CASE("CreateFromFields fills omitted fields with their defaults") {
    TestNode node = CreateFromFields(TestNodeObj::RuntimeTypeIndex(),
                                     {{"name", "n"}, {"dtype", "int32"}, {"body", TestBase()}})
                        .cast<TestNode>();
    CHECK(node->value == 0);
    CHECK_FALSE(node->body.defined());
    CHECK_FALSE(node->parent.has_value());
    CHECK(node->children.empty());
    CHECK(node->attrs.empty());
    CHECK_FALSE(node->binding.has_value());
    CHECK(node->pattern.empty());

    Item item = CreateFromFields(ItemObj::RuntimeTypeIndex(), {}).cast<Item>();
    CHECK(item->id == 5);
    CHECK(item->label == "none");
  }

  TEST_CASE("CreateFromFields converts values and sets inherited defaults") {
    ObjectRef made = CreateFromFields(WeightedItemObj::RuntimeTypeIndex(), {{"weight", 2}});
    const WeightedItemObj* item = made.as<WeightedItemObj>();
    REQUIRE(item != nullptr);
    CHECK(item->weight == 2.0);
    CHECK(item->id == 5);
    CHECK(item->label == "none");
    CHECK_THROWS_WITH_AS(CreateFromFields(WeightedItemObj::RuntimeTypeIndex(), {}),
                         "TypeError: testing.test_reflection.WeightedItem() missing required field "
                         "'weight'",
                         Error);
  }

  TEST_CASE("CreateFromFields with an unknown field is a TypeError") {
    CHECK_THROWS_WITH_AS(
        CreateFromFields(TestIntPairObj::RuntimeTypeIndex(), {{"a", 1}, {"b", 2}, {"c", 3}}),
        "TypeError: testing.TestIntPair() got an unexpected keyword argument 'c'", Error);
  }

  TEST_CASE("CreateFromFields with a missing required field is a TypeError") {
    CHECK_THROWS_WITH_AS(CreateFromFields(TestIntPairObj::RuntimeTypeIndex(), {{"a", 1}}),
                         "TypeError: testing.TestIntPair() missing required field 'b'", Error);
    CHECK_THROWS_WITH_AS(
        CreateFromFields(TestNodeObj::RuntimeTypeIndex(), {{"name", "n"}, {"body", TestBase()}}),
        "TypeError: testing.TestNode() missing required field 'dtype'", Error);
    CHECK_THROWS_WITH_AS(CreateFromFields(TestNodeObj::RuntimeTypeIndex(), {}),
                         "TypeError: testing.TestNode() missing required field 'name'", Error);
  }

  TEST_CASE("CreateFromFields with a wrong field type names the field and both types") {
    CHECK_THROWS_WITH_AS(
        CreateFromFields(TestIntPairObj::RuntimeTypeIndex(), {{"a", String("x")}, {"b", 2}}),
        "TypeError: Field `testing.TestIntPair.a` expects `int` but got "
        "`ffi.String`",
        Error);
    CHECK_THROWS_WITH_AS(CreateFromFields(TestNodeObj::RuntimeTypeIndex(),
                                          {{"name", 1}, {"dtype", "int32"}, {"body", TestBase()}}),
                         "TypeError: Field `testing.TestBase.name` expects `str` but got `int`",
                         Error);
    CHECK_THROWS_WITH_AS(
        CreateFromFields(TestNodeObj::RuntimeTypeIndex(),
                         {{"name", "n"}, {"dtype", "int32"}, {"body", TestIntPair(1, 2)}}),
        "TypeError: Field `testing.TestNode.body` expects `testing.TestBase` but got "
        "`testing.TestIntPair`",
        Error);
    CHECK_THROWS_WITH_AS(
        CreateFromFields(TestNodeObj::RuntimeTypeIndex(), {{"name", "n"},
                                                           {"dtype", "int32"},
                                                           {"body", TestBase()},
                                                           {"children", Array<Any>({1})}}),
        "TypeError: Field `testing.TestNode.children` expects "
        "`Array<testing.TestBase>` but got `ffi.Array`",
        Error);
    CHECK_THROWS_WITH_AS(
        CreateFromFields(TestNodeObj::RuntimeTypeIndex(),
                         {{"name", "n"}, {"dtype", "int33x"}, {"body", TestBase()}}),
        "TypeError: Field `testing.TestNode.dtype` expects `DataType` but got `str`", Error);
  }

  TEST_CASE("CreateFromFields needs a default constructor") {
    int32_t index =
        details::RegisterObjectType("testing.test_reflection.Bare", TypeIndex::kObject, false);
    CHECK_THROWS_WITH_AS(CreateFromFields(index, {}),
                         "TypeError: `testing.test_reflection.Bare` cannot be built from keyword "
                         "arguments: it has no default constructor",
                         Error);
  }

  TEST_CASE("CreateFromFields leaks nothing when it fails") {
    int64_t baseline = LiveObjects();
    auto err = CaptureError([] {
      CreateFromFields(TestNodeObj::RuntimeTypeIndex(), {{"name", "n"}, {"value", "bad"}});
    });
    CHECK(err.has_value());
    err.reset();
    CHECK(LiveObjects() == baseline);
  }
}

TEST_SUITE("ffi.DeepCopy") {
  TEST_CASE("DeepCopy of a node graph makes new nodes and keeps sharing") {
    TestNode node = MakeGraph();
    TestNode copy = DeepCopy(node).cast<TestNode>();
    CHECK_FALSE(copy.same_as(node));
    CHECK(copy->type_index() == node->type_index());
    CHECK_FALSE(copy->body.same_as(node->body));
    CHECK_FALSE(copy->children.same_as(node->children));
    CHECK_FALSE(copy->attrs.same_as(node->attrs));
    // The leaf reached four ways is copied once.
    CHECK(copy->children[0].same_as(copy->body));
    CHECK(copy->children[1].same_as(copy->body));
    CHECK(copy->attrs.at("k").cast<TestBase>().same_as(copy->body));
    REQUIRE(copy->binding.has_value());
    CHECK(copy->binding->same_as(copy->body));
    // Strings are immutable and shared.
    CHECK(copy->name.same_as(node->name));
    CHECK(copy->body->name.same_as(node->body->name));
    // Inline values are copied.
    CHECK(copy->value == 2);
    CHECK(copy->dtype == DataType::Float(32));
    CHECK(copy->body->value == 1);
    // The original is untouched: its leaf has four references from the node (body, two
    // children, attrs and binding = five) and none from the copy.
    CHECK(node->body.use_count() == 5);
    CHECK(copy->body.use_count() == 5);
  }

  TEST_CASE("FieldwiseEqual holds between a copy and its original until one changes") {
    TestNode node = MakeGraph();
    TestNode copy = DeepCopy(node).cast<TestNode>();
    CHECK(FieldwiseEqual(copy, node));
    CHECK(FieldwiseEqual(node, copy));

    SetFieldValue(Mutable(copy), *FindField(TestNodeObj::RuntimeTypeIndex(), "value"), 99);
    CHECK_FALSE(FieldwiseEqual(copy, node));

    TestNode copy2 = DeepCopy(node).cast<TestNode>();
    // A change deep inside: the shared leaf's value.
    SetFieldValue(Mutable(copy2->body), *FindField(TestBaseObj::RuntimeTypeIndex(), "value"), 5);
    CHECK_FALSE(FieldwiseEqual(copy2, node));

    TestNode copy3 = DeepCopy(node).cast<TestNode>();
    SetFieldValue(Mutable(copy3), *FindField(TestNodeObj::RuntimeTypeIndex(), "dtype"),
                  DataType::Float(16));
    CHECK_FALSE(FieldwiseEqual(copy3, node));
  }

  TEST_CASE("DeepCopy of containers") {
    TestIntPair pair(1, 2);
    Array<Any> array = {pair, pair, String("s"), 3};
    Array<Any> copy = DeepCopy(array).cast<Array<Any>>();
    CHECK_FALSE(copy.same_as(array));
    CHECK_FALSE(copy[0].cast<TestIntPair>().same_as(pair));
    CHECK(copy[0].cast<TestIntPair>().same_as(copy[1].cast<TestIntPair>()));
    CHECK(copy[0].cast<TestIntPair>()->a == 1);
    CHECK(copy[2].cast<String>().same_as(array[2].cast<String>()));
    CHECK(copy[3].cast<int64_t>() == 3);
    CHECK(FieldwiseEqual(copy, array));

    List<Any> list = {pair};
    List<Any> list_copy = DeepCopy(list).cast<List<Any>>();
    CHECK_FALSE(list_copy.same_as(list));
    list_copy.push_back(1);
    CHECK(list.size() == 1);

    Dict<String, Any> dict = {{"p", pair}};
    Dict<String, Any> dict_copy = DeepCopy(dict).cast<Dict<String, Any>>();
    CHECK_FALSE(dict_copy.same_as(dict));
    CHECK_FALSE(dict_copy.at("p").cast<TestIntPair>().same_as(pair));
    CHECK(FieldwiseEqual(dict_copy, dict));
  }

  TEST_CASE("DeepCopy shares immutable and opaque values") {
    Function f = Function::FromTyped([]() { return 1; });
    Shape shape = {1, 2};
    Error error("ValueError", "e");
    Bytes bytes("b");
    Array<Any> array = {f, shape, error, bytes};
    Array<Any> copy = DeepCopy(array).cast<Array<Any>>();
    CHECK_FALSE(copy.same_as(array));
    for (size_t i = 0; i < array.size(); ++i) {
      CAPTURE(i);
      CHECK(copy[i].cast<ObjectRef>().same_as(array[i].cast<ObjectRef>()));
    }
    CHECK(DeepCopy(Any(5)).cast<int64_t>() == 5);
    CHECK(DeepCopy(Any()).is_none());
    CHECK(DeepCopy(Any(DataType::Int(4))).cast<DataType>() == DataType::Int(4));
  }

  TEST_CASE("DeepCopy of a type without a copy constructor is a TypeError") {
    ObjectRef no_copy(make_object<NoCopyObj>());
    CHECK_THROWS_WITH_AS(DeepCopy(Array<Any>({no_copy})),
                         "TypeError: Cannot deep copy `testing.test_reflection.NoCopy`: the type "
                         "registered no copy constructor",
                         Error);
  }

  TEST_CASE("DeepCopy of a self-referencing list keeps the cycle inside the copy") {
    List<Any> list = {1};
    list.push_back(list);
    List<Any> copy = DeepCopy(list).cast<List<Any>>();
    CHECK_FALSE(copy.same_as(list));
    REQUIRE(copy.size() == 2);
    CHECK(copy[0].cast<int64_t>() == 1);
    CHECK(copy[1].cast<List<Any>>().same_as(copy));
    // Break both cycles so that nothing leaks.
    list.clear();
    copy.clear();
  }

  TEST_CASE("DeepCopy of a self-referencing dict keeps the cycle inside the copy") {
    Dict<Any, Any> dict;
    dict.Set(Any("self"), dict);
    Dict<Any, Any> copy = DeepCopy(dict).cast<Dict<Any, Any>>();
    CHECK_FALSE(copy.same_as(dict));
    CHECK(copy.at(Any("self")).cast<Dict<Any, Any>>().same_as(copy));
    dict.clear();
    copy.clear();
  }

  TEST_CASE("DeepCopy leaks nothing") {
    int64_t baseline = LiveObjects();
    {
      TestNode node = MakeGraph();
      Any copy = DeepCopy(node);
      CHECK(LiveObjects() > baseline);
    }
    CHECK(LiveObjects() == baseline);
  }

  TEST_CASE("the ffi.DeepCopy global") {
    TestNode node = MakeGraph();
    Any copy = Function::GetGlobalRequired("ffi.DeepCopy")(node);
    CHECK_FALSE(copy.cast<TestNode>().same_as(node));
    CHECK(Function::GetGlobalRequired("ffi.FieldwiseEqual")(copy, node).cast<bool>());
  }
}

TEST_SUITE("ffi.FieldwiseEqual") {
  TEST_CASE("inline values compare by type and value") {
    CHECK(FieldwiseEqual(1, 1));
    CHECK_FALSE(FieldwiseEqual(1, 2));
    CHECK_FALSE(FieldwiseEqual(1, 1.0));
    CHECK_FALSE(FieldwiseEqual(1, true));
    CHECK(FieldwiseEqual(2.5, 2.5));
    CHECK(FieldwiseEqual(Any(), Any()));
    CHECK_FALSE(FieldwiseEqual(Any(), 0));
    CHECK(FieldwiseEqual(DataType::Int(8), DataType::Int(8)));
    CHECK_FALSE(FieldwiseEqual(DataType::Int(8), DataType::UInt(8)));
    CHECK(FieldwiseEqual(DLDevice{kDLCPU, 0}, DLDevice{kDLCPU, 0}));
    CHECK_FALSE(FieldwiseEqual(DLDevice{kDLCPU, 0}, DLDevice{kDLCPU, 1}));
  }

  TEST_CASE("strings, bytes and shapes compare by content") {
    CHECK(FieldwiseEqual(String("a"), String("a")));
    CHECK_FALSE(FieldwiseEqual(String("a"), String("b")));
    CHECK(FieldwiseEqual(Bytes("a"), Bytes("a")));
    CHECK_FALSE(FieldwiseEqual(Bytes("a"), String("a")));
    CHECK(FieldwiseEqual(Shape({1, 2}), Shape({1, 2})));
    CHECK_FALSE(FieldwiseEqual(Shape({1, 2}), Shape({2, 1})));
  }

  TEST_CASE("containers compare element by element") {
    CHECK(FieldwiseEqual(Array<Any>({1, "a"}), Array<Any>({1, "a"})));
    CHECK_FALSE(FieldwiseEqual(Array<Any>({1, "a"}), Array<Any>({1, "b"})));
    CHECK_FALSE(FieldwiseEqual(Array<Any>({1}), Array<Any>({1, 1})));
    CHECK_FALSE(FieldwiseEqual(Array<Any>({1}), List<Any>({1})));
    CHECK(FieldwiseEqual(List<Any>({TestIntPair(1, 2)}), List<Any>({TestIntPair(1, 2)})));
    CHECK_FALSE(FieldwiseEqual(List<Any>({TestIntPair(1, 2)}), List<Any>({TestIntPair(1, 3)})));
    // Maps compare as mappings: the order of insertion does not matter.
    Map<String, int64_t> ab = {{"a", 1}, {"b", 2}};
    Map<String, int64_t> ba = {{"b", 2}, {"a", 1}};
    CHECK(FieldwiseEqual(ab, ba));
    CHECK_FALSE(FieldwiseEqual(ab, Map<String, int64_t>({{"a", 1}, {"b", 3}})));
    CHECK_FALSE(FieldwiseEqual(ab, Map<String, int64_t>({{"a", 1}, {"c", 2}})));
    CHECK_FALSE(FieldwiseEqual(ab, Map<String, int64_t>({{"a", 1}})));
    CHECK(FieldwiseEqual(Dict<String, int64_t>({{"a", 1}}), Dict<String, int64_t>({{"a", 1}})));
    CHECK_FALSE(
        FieldwiseEqual(Dict<String, int64_t>({{"a", 1}}), Map<String, int64_t>({{"a", 1}})));
  }

  TEST_CASE("objects compare field by field") {
    CHECK(FieldwiseEqual(TestIntPair(1, 2), TestIntPair(1, 2)));
    CHECK_FALSE(FieldwiseEqual(TestIntPair(1, 2), TestIntPair(1, 3)));
    CHECK_FALSE(FieldwiseEqual(TestIntPair(1, 2), TestBase(make_object<TestBaseObj>())));
    CHECK(FieldwiseEqual(MakeGraph(), MakeGraph()));
  }

  TEST_CASE("self-referencing lists and dicts compare without endless recursion") {
    List<Any> a = {1};
    a.push_back(a);
    List<Any> b = {1};
    b.push_back(b);
    List<Any> c = {2};
    c.push_back(c);
    CHECK(FieldwiseEqual(a, a));
    CHECK(FieldwiseEqual(a, b));
    CHECK_FALSE(FieldwiseEqual(a, c));
    List<Any> copy = DeepCopy(a).cast<List<Any>>();
    CHECK(FieldwiseEqual(a, copy));

    Dict<Any, Any> d;
    d.Set(Any("self"), d);
    Dict<Any, Any> e;
    e.Set(Any("self"), e);
    CHECK(FieldwiseEqual(d, e));
    e.Set(Any("x"), 1);
    CHECK_FALSE(FieldwiseEqual(d, e));

    // Break the cycles so that nothing leaks.
    for (List<Any> list : {a, b, c, copy}) list.clear();
    d.clear();
    e.clear();
  }

  TEST_CASE("functions, tensors and errors compare by identity") {
    Function f = Function::FromTyped([]() { return 1; });
    Function g = Function::FromTyped([]() { return 1; });
    CHECK(FieldwiseEqual(f, f));
    CHECK_FALSE(FieldwiseEqual(f, g));
    Error e1("ValueError", "m");
    Error e2("ValueError", "m");
    CHECK(FieldwiseEqual(e1, e1));
    CHECK_FALSE(FieldwiseEqual(e1, e2));
    Tensor t1 = Tensor::Empty({1}, DataType::Float(32), DLDevice{kDLCPU, 0});
    Tensor t2 = Tensor::Empty({1}, DataType::Float(32), DLDevice{kDLCPU, 0});
    CHECK(FieldwiseEqual(t1, t1));
    CHECK_FALSE(FieldwiseEqual(t1, t2));
  }
}
