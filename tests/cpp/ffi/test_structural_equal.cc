#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/testing.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "structural_test_util.h"
#include "test_util.h"

using namespace tvm::ffi;
using reflection::GetFirstStructuralMismatch;
using reflection::StructuralEqual;
using reflection::StructuralEqualOptions;
using structural_test::AddOneSpec;
using structural_test::F32;
using structural_test::FloatTensor;
using structural_test::I64;
using structural_test::Int;
using structural_test::MakeAddOne;
using structural_test::MismatchText;
using testing::TestBase;
using testing::TestBaseObj;
using testing::TestNode;
using testing::TestNodeObj;

namespace tvm::ffi::testing {

/*!
 * \brief A variable type registered by this test binary only: structural equality handles it
 *  with no code of its own. `value` plays the part of the variable's type (compared at
 *  definitions); the inherited `name` is compared too.
 */
class TestVarObj : public TestBaseObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("testing.structural.TestVar", TestVarObj, TestBaseObj);
};

TVM_FFI_STATIC_INIT_BLOCK() {
  reflection::ObjectDef<TestVarObj>().structural_kind(reflection::StructuralKind::kVar);
}

}  // namespace tvm::ffi::testing

namespace structural_equal_test {

const StructuralEqualOptions kMapFree{true, false};

TestBase Var(int64_t value = 0, const char* name = "v") {
  ObjectPtr<testing::TestVarObj> var = make_object<testing::TestVarObj>();
  var->name = name;
  var->value = value;
  return TestBase(var);
}

TestBase Leaf(const char* name, int64_t value = 0) {
  ObjectPtr<TestBaseObj> leaf = make_object<TestBaseObj>();
  leaf->name = name;
  leaf->value = value;
  return TestBase(leaf);
}

/*! \brief A TestNode binding `binding`, matching `pattern`, with `body` and `children`. */
TestNode Node(Optional<TestBase> binding, Array<TestBase> pattern, TestBase body,
              Array<TestBase> children = {}) {
  ObjectPtr<TestNodeObj> node = make_object<TestNodeObj>();
  node->name = "node";
  node->dtype = DataType::Float(32);
  node->binding = std::move(binding);
  node->pattern = std::move(pattern);
  node->body = std::move(body);
  node->children = std::move(children);
  return TestNode(node);
}

/*! \brief Memory and layout behind a tensor imported through DLPack. */
struct StridedStorage {
  std::vector<float> data;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
  DLManagedTensor managed{};
};

/*! \brief A float32 tensor over `data` with the given shape and strides (in elements). */
Tensor Strided(std::vector<float> data, std::vector<int64_t> shape, std::vector<int64_t> strides,
               DLDevice device = {kDLCPU, 0}) {
  auto* storage = new StridedStorage{std::move(data), std::move(shape), std::move(strides), {}};
  DLTensor& dl = storage->managed.dl_tensor;
  dl.data = storage->data.data();
  dl.device = device;
  dl.ndim = static_cast<int32_t>(storage->shape.size());
  dl.dtype = DataType::Float(32);
  dl.shape = storage->shape.data();
  dl.strides = storage->strides.data();
  storage->managed.manager_ctx = storage;
  storage->managed.deleter = [](DLManagedTensor* self) {
    delete static_cast<StridedStorage*>(self->manager_ctx);
  };
  return Tensor::FromDLPack(&storage->managed);
}

}  // namespace structural_equal_test

using namespace structural_equal_test;

TEST_SUITE("ffi.StructuralEqual") {
  TEST_CASE("inline values compare by type and value") {
    CHECK(StructuralEqual(Any(), Any()));
    CHECK(StructuralEqual(Any(3), Any(3)));
    CHECK_FALSE(StructuralEqual(Any(3), Any(4)));
    CHECK_FALSE(StructuralEqual(Any(1), Any(true)));
    CHECK_FALSE(StructuralEqual(Any(1), Any(1.0)));
    CHECK_FALSE(StructuralEqual(Any(), Any(0)));
    CHECK(StructuralEqual(Any(true), Any(true)));
    CHECK(StructuralEqual(Any(0.5), Any(0.5)));
    CHECK(StructuralEqual(Any(0.0), Any(-0.0)));
    double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK(StructuralEqual(Any(nan), Any(-nan)));
    CHECK_FALSE(StructuralEqual(Any(nan), Any(1.0)));
    CHECK(StructuralEqual(Any(DataType::Float(32)), Any(DataType::Float(32))));
    CHECK_FALSE(StructuralEqual(Any(DataType::Float(32)), Any(DataType::Float(32, 4))));
    CHECK(StructuralEqual(Any(DLDevice{kDLCPU, 0}), Any(DLDevice{kDLCPU, 0})));
    CHECK_FALSE(StructuralEqual(Any(DLDevice{kDLCPU, 0}), Any(DLDevice{kDLCPU, 1})));
  }

  TEST_CASE("strings, bytes and shapes compare by content") {
    CHECK(StructuralEqual(String("abc"), String(std::string("abc"))));
    CHECK_FALSE(StructuralEqual(String("abc"), String("abd")));
    CHECK(StructuralEqual(Bytes(std::string("a\0b", 3)), Bytes(std::string("a\0b", 3))));
    CHECK_FALSE(StructuralEqual(String("abc"), Bytes("abc")));
    CHECK(StructuralEqual(Shape({2, 3}), Shape({2, 3})));
    CHECK_FALSE(StructuralEqual(Shape({2, 3}), Shape({3, 2})));
    CHECK_FALSE(StructuralEqual(Shape({2}), Shape({2, 1})));
  }

  TEST_CASE("arrays compare item by item; the shorter side misses the first extra item") {
    CHECK(StructuralEqual(Array<Any>({1, "x"}), Array<Any>({1, "x"})));
    CHECK(MismatchText(Array<Any>({1, 2}), Array<Any>({1, 3})) == "<root>[1] | <root>[1]");
    CHECK(MismatchText(Array<Any>({1, 2}), Array<Any>({1, 2, 3})) ==
          "<root>[2](missing) | <root>[2]");
    CHECK(MismatchText(Array<Any>({1, 2, 3}), Array<Any>({1})) == "<root>[1] | <root>[1](missing)");
    // An earlier differing item comes first.
    CHECK(MismatchText(Array<Any>({0, 2}), Array<Any>({1, 2, 3})) == "<root>[0] | <root>[0]");
    CHECK_FALSE(StructuralEqual(Array<Any>({1}), List<Any>({1})));
  }

  TEST_CASE("maps compare by key, in any insertion order") {
    Map<String, Any> ab{{"a", 1}, {"b", 2}};
    Map<String, Any> ba{{"b", 2}, {"a", 1}};
    CHECK(StructuralEqual(ab, ba));
    CHECK(MismatchText(ab, Map<String, Any>{{"a", 1}, {"b", 3}}) ==
          "<root>[\"b\"] | <root>[\"b\"]");
    CHECK(MismatchText(Map<String, Any>{{"a", 1}}, ab) == "<root>[\"b\"](missing) | <root>[\"b\"]");
    CHECK(MismatchText(ab, Map<String, Any>{{"a", 1}, {"c", 2}}) ==
          "<root>[\"b\"] | <root>[\"b\"](missing)");
    CHECK(MismatchText(ab, Map<String, Any>{{"a", 1}}) == "<root>[\"b\"] | <root>[\"b\"](missing)");
    // Object keys match by identity, else by content (a module's GlobalVar keys, built apart).
    TestBase key = Leaf("k");
    CHECK(StructuralEqual(Map<Any, Any>{{key, 1}}, Map<Any, Any>{{key, 1}}));
    CHECK(StructuralEqual(Map<Any, Any>{{key, 1}}, Map<Any, Any>{{Leaf("k"), 1}}));
    CHECK(reflection::StructuralHash(Map<Any, Any>{{key, 1}}) ==
          reflection::StructuralHash(Map<Any, Any>{{Leaf("k"), 1}}));
    CHECK_FALSE(StructuralEqual(Map<Any, Any>{{key, 1}}, Map<Any, Any>{{Leaf("j"), 1}}));
    CHECK(MismatchText(Map<Any, Any>{{key, 1}}, Map<Any, Any>{{Leaf("k"), 2}}) ==
          "<root>[<testing.TestBase>] | <root>[<testing.TestBase>]");
  }

  TEST_CASE("tensors compare dtype, shape and bytes, or dtype and shape only when asked") {
    StructuralEqualOptions skip{false, true};
    CHECK(StructuralEqual(FloatTensor({1, 2}), FloatTensor({1, 2})));
    CHECK_FALSE(StructuralEqual(FloatTensor({1, 2}), FloatTensor({1, 3})));
    CHECK(StructuralEqual(FloatTensor({1, 2}), FloatTensor({1, 3}), skip));
    CHECK_FALSE(StructuralEqual(FloatTensor({1, 2}), FloatTensor({1, 2, 3}), skip));
    Tensor ints = Tensor::Empty({2}, DataType::Int(32), DLDevice{kDLCPU, 0});
    std::memset(ints.data_ptr(), 0, 8);
    CHECK_FALSE(StructuralEqual(FloatTensor({0, 0}), ints, skip));
  }

  TEST_CASE("strided tensors compare their elements in row-major order") {
    // Storage {0, 1, 2, 3} read with strides {1, 2} is [[0, 2], [1, 3]].
    Tensor transposed = Strided({0, 1, 2, 3}, {2, 2}, {1, 2});
    CHECK(StructuralEqual(transposed, Strided({0, 2, 1, 3}, {2, 2}, {2, 1})));
    CHECK_FALSE(StructuralEqual(transposed, Strided({0, 1, 2, 3}, {2, 2}, {2, 1})));
    CHECK(reflection::StructuralHash(transposed) ==
          reflection::StructuralHash(Strided({0, 2, 1, 3}, {2, 2}, {2, 1})));
  }

  TEST_CASE("contents of a tensor off the CPU cannot be compared, only skipped") {
    Tensor device = Strided({1, 2}, {2}, {1}, DLDevice{kDLCUDA, 0});
    Tensor host = Strided({1, 2}, {2}, {1});
    auto error = ffi_test::CaptureError([&] { StructuralEqual(device, host); });
    REQUIRE(error.has_value());
    CHECK(error->kind() == "ValueError");
    CHECK(StructuralEqual(device, host, StructuralEqualOptions{false, true}));
  }

  TEST_CASE("self-containing lists terminate") {
    List<Any> a;
    a.push_back(1);
    a.push_back(a);
    List<Any> b;
    b.push_back(1);
    b.push_back(b);
    CHECK(StructuralEqual(a, b));
    CHECK(reflection::StructuralHash(a) == reflection::StructuralHash(b));
    a.clear();  // break the reference cycles
    b.clear();
  }

  TEST_CASE("functions compare by identity") {
    Function f = Function::FromTyped([](int64_t x) { return x; });
    Function g = Function::FromTyped([](int64_t x) { return x; });
    CHECK(StructuralEqual(f, f));
    CHECK_FALSE(StructuralEqual(f, g));
  }

  TEST_CASE("objects compare reflected fields in order") {
    CHECK(StructuralEqual(testing::TestIntPair(1, 2), testing::TestIntPair(1, 2)));
    CHECK(MismatchText(testing::TestIntPair(1, 2), testing::TestIntPair(1, 3)) ==
          "<root>.b | <root>.b");
    CHECK(MismatchText(testing::TestIntPair(0, 2), testing::TestIntPair(1, 3)) ==
          "<root>.a | <root>.a");
    CHECK(MismatchText(testing::TestIntPair(1, 2), Leaf("x")) == "<root> | <root>");
    TestNode plain = Node(std::nullopt, {}, Leaf("body"), {Leaf("c")});
    CHECK(StructuralEqual(plain, Node(std::nullopt, {}, Leaf("body"), {Leaf("c")})));
    CHECK(MismatchText(plain, Node(std::nullopt, {}, Leaf("body", 1), {Leaf("c")})) ==
          "<root>.body.value | <root>.body.value");
    CHECK(MismatchText(plain, Node(std::nullopt, {}, Leaf("body"), {Leaf("c"), Leaf("d")})) ==
          "<root>.children[1](missing) | <root>.children[1]");
  }

  TEST_CASE("an optional field that is None on one side is a mismatch at that field") {
    TestNode without = Node(std::nullopt, {}, Leaf("b"));
    TestNode with = Node(std::nullopt, {}, Leaf("b"));
    const_cast<TestNodeObj*>(with.get())->parent = Leaf("p");
    CHECK(MismatchText(without, with) == "<root>.parent | <root>.parent");
    CHECK(MismatchText(with, without) == "<root>.parent | <root>.parent");
  }

  TEST_CASE("a Simple field defines its variable; later uses follow the definition") {
    TestBase v = Var();
    TestBase w = Var();
    CHECK(StructuralEqual(Node(v, {}, v), Node(w, {}, w)));
    CHECK(MismatchText(Node(v, {}, v), Node(w, {}, Var())) == "<root>.body | <root>.body");
    CHECK(MismatchText(Node(v, {}, v), Node(w, {}, Var()), kMapFree) ==
          "<root>.body | <root>.body");
    // The variable's own fields are compared at its definition.
    CHECK(MismatchText(Node(v, {}, v), Node(Var(1), {}, w)) ==
          "<root>.binding.value | <root>.binding.value");
    // Both sides must be variables.
    CHECK(MismatchText(Node(v, {}, v), Node(Leaf("v"), {}, v)) ==
          "<root>.binding | <root>.binding");
  }

  TEST_CASE("a Pattern field defines at the first occurrence; later ones must agree") {
    TestBase p = Var();
    TestBase q = Var();
    TestBase r = Var();
    CHECK(StructuralEqual(Node(std::nullopt, {p, p}, p), Node(std::nullopt, {q, q}, q)));
    CHECK(MismatchText(Node(std::nullopt, {p, p}, p), Node(std::nullopt, {q, r}, q)) ==
          "<root>.pattern[1] | <root>.pattern[1]");
    CHECK(MismatchText(Node(std::nullopt, {p, q}, p), Node(std::nullopt, {r, r}, r)) ==
          "<root>.pattern[1] | <root>.pattern[1]");
    CHECK(MismatchText(Node(std::nullopt, {p, q}, q), Node(std::nullopt, {q, p}, q)) ==
          "<root>.body | <root>.body");
  }

  TEST_CASE("a free variable equals only itself unless free variables are mapped") {
    TestBase x = Var();
    TestBase y = Var();
    CHECK(StructuralEqual(Node(std::nullopt, {}, x), Node(std::nullopt, {}, x)));
    CHECK(MismatchText(Node(std::nullopt, {}, x), Node(std::nullopt, {}, y)) ==
          "<root>.body | <root>.body");
    CHECK(StructuralEqual(Node(std::nullopt, {}, x), Node(std::nullopt, {}, y), kMapFree));
    // Mapping is a bijection.
    CHECK(MismatchText(Node(std::nullopt, {}, x, {x}), Node(std::nullopt, {}, x, {y}), kMapFree) ==
          "<root>.children[0] | <root>.children[0]");
    CHECK(MismatchText(Node(std::nullopt, {}, x, {y}), Node(std::nullopt, {}, x, {x}), kMapFree) ==
          "<root>.children[0] | <root>.children[0]");
    // A mapped free variable's fields must be equal.
    CHECK(MismatchText(x, Var(5), kMapFree) == "<root>.value | <root>.value");
  }
}

TEST_SUITE("ffi.StructuralEqual.IR") {
  TEST_CASE("add_one built twice is equal") {
    CHECK(StructuralEqual(MakeAddOne(), MakeAddOne()));
    CHECK(MismatchText(MakeAddOne(), MakeAddOne()) == "equal");
  }

  TEST_CASE("alpha-renamed copies are equal; names and spans are ignored") {
    AddOneSpec renamed;
    renamed.a = "X";
    renamed.b = "Y";
    renamed.n = "len";
    renamed.i = "k";
    renamed.span = tvm::ir::Span("add_one.py", 3, 4, 5, 6);
    CHECK(StructuralEqual(MakeAddOne(), MakeAddOne(renamed)));
  }

  TEST_CASE("each single-field mutant is unequal at the mutated place") {
    struct Mutant {
      const char* what;
      AddOneSpec spec;
      const char* expected;
    };
    std::vector<Mutant> mutants(9);
    mutants[0] = {
        "constant", {}, "<root>.body.body.value.b.value | <root>.body.body.value.b.value"};
    mutants[0].spec.one = 2.0;
    mutants[1] = {"loop start", {}, "<root>.body.start.value | <root>.body.start.value"};
    mutants[1].spec.start = 1;
    mutants[2] = {"loop kind", {}, "<root>.body.kind | <root>.body.kind"};
    mutants[2].spec.kind = tvm::tirx::ForKind::kParallel;
    mutants[3] = {"private", {}, "<root>.is_private | <root>.is_private"};
    mutants[3].spec.is_private = true;
    mutants[4] = {"attrs", {}, "<root>.attrs[\"k\"](missing) | <root>.attrs[\"k\"]"};
    mutants[4].spec.attrs = Map<String, Any>{{"k", 1}};
    mutants[5] = {"store target", {}, "<root>.body.body.dest | <root>.body.body.dest"};
    mutants[5].spec.store_into_a = true;
    mutants[6] = {"load index",
                  {},
                  "<root>.body.body.value.a.indices[0] | <root>.body.body.value.a.indices[0]"};
    mutants[6].spec.load_at_zero = true;
    // n <-> n_a at A's shape, then B's n disagrees with the recorded pair.
    mutants[7] = {
        "pattern symbol", {}, "<root>.params[1].ty.shape[0] | <root>.params[1].ty.shape[0]"};
    mutants[7].spec.a_own_extent = true;
    mutants[8] = {"statement count", {}, "<root>.body.body | <root>.body.body"};
    mutants[8].spec.seq_length = 1;
    for (const Mutant& mutant : mutants) {
      CAPTURE(mutant.what);
      CHECK_FALSE(StructuralEqual(MakeAddOne(), MakeAddOne(mutant.spec)));
      CHECK(MismatchText(MakeAddOne(), MakeAddOne(mutant.spec)) == mutant.expected);
    }
  }

  TEST_CASE("statement lists of different length miss the first extra statement") {
    AddOneSpec one;
    one.seq_length = 1;
    AddOneSpec two;
    two.seq_length = 2;
    CHECK(MismatchText(MakeAddOne(one), MakeAddOne(two)) ==
          "<root>.body.body.seq[1](missing) | <root>.body.body.seq[1]");
  }

  TEST_CASE("swapped definitions are unequal") {
    namespace tirx = tvm::tirx;
    auto make = [](bool swap) {
      tvm::ir::Var n("n", I64());
      tvm::ir::Var a("A", tvm::ir::TensorType(DataType::Float(32), {n}));
      tvm::ir::Var b("B", tvm::ir::TensorType(DataType::Float(32), {n}));
      tvm::ir::Var i("i", I64());
      tvm::ir::Var j("j", I64());
      tirx::Stmt store = tirx::TensorStore(b, {swap ? j : i}, tirx::TensorLoad(a, {swap ? i : j}));
      tirx::Stmt inner = tirx::For(j, Int(0), n, Int(1), store);
      return tirx::Function({a, b}, tirx::For(i, Int(0), n, Int(1), inner));
    };
    CHECK(StructuralEqual(make(false), make(false)));
    CHECK(MismatchText(make(false), make(true)) ==
          "<root>.body.body.body.indices[0] | <root>.body.body.body.indices[0]");
  }

  TEST_CASE("hundreds of nested definitions map by position; one wrong use is found") {
    namespace tirx = tvm::tirx;
    // 300 loop variables, all in scope at the innermost store list: the variable tables grow
    // well past their first size, and every use is a lookup in them.
    constexpr int kDepth = 300;
    auto make = [](int wrong_use) {
      tvm::ir::Var n("n", I64());
      tvm::ir::Var a("A", tvm::ir::TensorType(DataType::Float(32), {n}));
      tvm::ir::Var b("B", tvm::ir::TensorType(DataType::Float(32), {n}));
      std::vector<tvm::ir::Var> vars;
      for (int k = 0; k < kDepth; ++k) vars.emplace_back("i" + std::to_string(k), I64());
      std::vector<tirx::Stmt> stores;
      for (int k = 0; k < kDepth; ++k) {
        const tvm::ir::Var& index = vars[k == wrong_use ? k - 1 : k];
        stores.push_back(tirx::TensorStore(b, {index}, tirx::TensorLoad(a, {vars[k]})));
      }
      tirx::Stmt body = tirx::SeqStmt(Array<tirx::Stmt>(stores));
      for (int k = kDepth - 1; k >= 0; --k) body = tirx::For(vars[k], Int(0), n, Int(1), body);
      return tirx::Function({a, b}, body);
    };
    CHECK(StructuralEqual(make(-1), make(-1)));
    CHECK(reflection::StructuralHash(make(-1)) == reflection::StructuralHash(make(-1)));
    CHECK_FALSE(StructuralEqual(make(-1), make(250)));
    std::string path = "<root>.body";
    for (int k = 1; k < kDepth; ++k) path += ".body";
    path += ".body.seq[250].indices[0]";
    CHECK(MismatchText(make(-1), make(250)) == path + " | " + path);
  }

  TEST_CASE("a variable defined on one side cannot meet a free one on the other") {
    namespace tirx = tvm::tirx;
    tvm::ir::Var k("k", I64());
    auto make = [&k](bool use_free) {
      tvm::ir::Var n("n", I64());
      tvm::ir::Var a("A", tvm::ir::TensorType(DataType::Float(32), {n}));
      tvm::ir::Var i("i", I64());
      tvm::ir::Expr index = use_free ? tvm::ir::Expr(k) : tvm::ir::Expr(i);
      tirx::Stmt store = tirx::TensorStore(a, {index}, tirx::FloatImm(F32(), 0.0));
      return tirx::Function({a}, tirx::For(i, Int(0), n, Int(1), store));
    };
    const char* expected = "<root>.body.body.indices[0] | <root>.body.body.indices[0]";
    CHECK(MismatchText(make(false), make(true)) == expected);
    CHECK(MismatchText(make(true), make(false)) == expected);
    CHECK(MismatchText(make(false), make(true), kMapFree) == expected);
    CHECK(MismatchText(make(true), make(false), kMapFree) == expected);
    CHECK(StructuralEqual(make(true), make(true)));
  }

  TEST_CASE("free IR variables: identity, or mapped with equal types") {
    tvm::ir::Var x("x", F32());
    tvm::ir::Var y("y", F32());
    tvm::tirx::Add x1(x, tvm::tirx::FloatImm(F32(), 1.0));
    tvm::tirx::Add y1(y, tvm::tirx::FloatImm(F32(), 1.0));
    CHECK(StructuralEqual(x1, tvm::tirx::Add(x, tvm::tirx::FloatImm(F32(), 1.0))));
    CHECK(MismatchText(x1, y1) == "<root>.a | <root>.a");
    CHECK(StructuralEqual(x1, y1, kMapFree));
    CHECK(MismatchText(tvm::tirx::Add(x, x), tvm::tirx::Add(x, y), kMapFree) ==
          "<root>.b | <root>.b");
    tvm::ir::Var z("z", tvm::ir::PrimType(DataType::Float(16)));
    CHECK(MismatchText(x, z, kMapFree) == "<root>.ty.dtype | <root>.ty.dtype");
  }

  TEST_CASE("registered global functions take the spec's arguments") {
    Function equal = Function::GetGlobalRequired("ffi.StructuralEqual");
    Function mismatch = Function::GetGlobalRequired("ffi.GetFirstStructuralMismatch");
    tvm::ir::Var x("x", F32());
    tvm::ir::Var y("y", F32());
    CHECK(equal(MakeAddOne(), MakeAddOne(), false, false).cast<bool>());
    CHECK_FALSE(equal(x, y, false, false).cast<bool>());
    CHECK(equal(x, y, true, false).cast<bool>());
    CHECK_FALSE(equal(FloatTensor({1}), FloatTensor({2}), false, false).cast<bool>());
    CHECK(equal(FloatTensor({1}), FloatTensor({2}), false, true).cast<bool>());
    CHECK(mismatch(x, x, false, false).is_none());
    AddOneSpec changed;
    changed.one = 3.0;
    Array<reflection::AccessPath> paths = mismatch(MakeAddOne(), MakeAddOne(changed), false, false)
                                              .cast<Array<reflection::AccessPath>>();
    REQUIRE(paths.size() == 2);
    CHECK(paths[0].ToString() == "<root>.body.body.value.b.value");
    CHECK(paths[1].ToString() == "<root>.body.body.value.b.value");
    CHECK(ffi_test::CaptureError([&] { equal(x, y); }).has_value());
  }

  TEST_CASE("a mismatch at the bottom of a deep chain has the full path") {
    std::vector<tvm::ir::Expr> lhs_nodes;
    std::vector<tvm::ir::Expr> rhs_nodes;
    Any lhs = structural_test::MakeChain(tvm::ir::Var("x", F32()), 10000, &lhs_nodes);
    Any rhs = structural_test::MakeChain(tvm::ir::Var("y", F32()), 10000, &rhs_nodes);
    CHECK(StructuralEqual(lhs, rhs, kMapFree));
    auto paths = GetFirstStructuralMismatch(lhs, rhs);
    REQUIRE(paths.has_value());
    CHECK(paths->first.get()->depth == 10000);
    CHECK(paths->first.PathEqual(paths->second));
    std::string text = paths->first.ToString();
    CHECK(text.size() == std::string("<root>").size() + 10000 * 2);
    lhs = Any();
    rhs = Any();
    structural_test::ReleaseChain(&lhs_nodes);
    structural_test::ReleaseChain(&rhs_nodes);
  }

  TEST_CASE("a 100000-deep expression chain compares without recursion") {
    tvm::ir::Var x("x", F32());
    std::vector<tvm::ir::Expr> lhs_nodes;
    std::vector<tvm::ir::Expr> rhs_nodes;
    Any lhs = structural_test::MakeChain(x, 100000, &lhs_nodes);
    Any rhs = structural_test::MakeChain(x, 100000, &rhs_nodes);
    // Shares all but the root with rhs; the root's constant differs, after the deep `a` side.
    Any other = structural_test::WithLastConstant(rhs_nodes, 2.0);
    CHECK(StructuralEqual(lhs, rhs));
    CHECK_FALSE(StructuralEqual(lhs, other));
    CHECK(MismatchText(lhs, other) == "<root>.b.value | <root>.b.value");
    lhs = Any();
    rhs = Any();
    other = Any();
    structural_test::ReleaseChain(&lhs_nodes);
    structural_test::ReleaseChain(&rhs_nodes);
  }
}
