#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/testing.h>

#include <cstring>
#include <limits>
#include <vector>

#include "structural_test_util.h"

using namespace tvm::ffi;
using reflection::StructuralEqual;
using reflection::StructuralEqualOptions;
using reflection::StructuralHash;
using structural_test::AddOneSpec;
using structural_test::F32;
using structural_test::FloatTensor;
using structural_test::MakeAddOne;

namespace structural_hash_test {

const StructuralEqualOptions kMapFree{true, false};
const StructuralEqualOptions kSkipContent{false, true};

/*! \brief Checks that a and b are structurally equal and hash equal under `options`. */
void CheckSame(const Any& a, const Any& b, StructuralEqualOptions options = {}) {
  CHECK(StructuralEqual(a, b, options));
  CHECK(StructuralHash(a, options) == StructuralHash(b, options));
}

/*! \brief Checks that a and b are unequal and (with 64 bits, in practice) hash differently. */
void CheckDifferent(const Any& a, const Any& b, StructuralEqualOptions options = {}) {
  CHECK_FALSE(StructuralEqual(a, b, options));
  CHECK(StructuralHash(a, options) != StructuralHash(b, options));
}

}  // namespace structural_hash_test

using namespace structural_hash_test;

TEST_SUITE("ffi.StructuralHash") {
  TEST_CASE("equal values hash equal, for every kind of value") {
    double nan = std::numeric_limits<double>::quiet_NaN();
    CheckSame(Any(), Any());
    CheckSame(Any(7), Any(7));
    CheckSame(Any(0.0), Any(-0.0));
    CheckSame(Any(nan), Any(-nan));
    CheckSame(Any(DataType::Float(16)), Any(DataType::Float(16)));
    CheckSame(Any(DLDevice{kDLCPU, 0}), Any(DLDevice{kDLCPU, 0}));
    CheckSame(String("abc"), String(std::string("abc")));
    CheckSame(Bytes("abc"), Bytes(std::string("abc")));
    CheckSame(Shape({2, 3}), Shape({2, 3}));
    CheckSame(Array<Any>({1, "x", Shape({1})}), Array<Any>({1, "x", Shape({1})}));
    CheckSame(Map<String, Any>{{"a", 1}, {"b", 2}, {"c", 3}},
              Map<String, Any>{{"c", 3}, {"a", 1}, {"b", 2}});
    CheckSame(testing::TestIntPair(1, 2), testing::TestIntPair(1, 2));
    CheckSame(FloatTensor({1, 2}), FloatTensor({1, 2}));
  }

  TEST_CASE("different values hash differently") {
    CheckDifferent(Any(1), Any(2));
    CheckDifferent(Any(1), Any(true));
    CheckDifferent(Any(1), Any(1.0));
    CheckDifferent(Any(), Any(0));
    CheckDifferent(String("abc"), Bytes("abc"));
    CheckDifferent(Shape({2}), Shape({2, 0}));
    CheckDifferent(Array<Any>({1, 2}), Array<Any>({2, 1}));
    CheckDifferent(Array<Any>({Array<Any>({1}), 2}), Array<Any>({Array<Any>({1, 2})}));
    CheckDifferent(Map<String, Any>{{"a", 1}}, Map<String, Any>{{"a", 2}});
    CheckDifferent(Map<String, Any>{{"a", 1}}, Map<String, Any>{{"b", 1}});
    CheckDifferent(testing::TestIntPair(1, 2), testing::TestIntPair(2, 1));
  }

  TEST_CASE("tensor contents count unless skipped") {
    CheckDifferent(FloatTensor({1, 2}), FloatTensor({1, 3}));
    CheckSame(FloatTensor({1, 2}), FloatTensor({1, 3}), kSkipContent);
    CheckDifferent(FloatTensor({1, 2}), FloatTensor({1, 2, 3}), kSkipContent);
  }

  TEST_CASE("independent and alpha-renamed copies of add_one hash equal") {
    AddOneSpec renamed;
    renamed.a = "P";
    renamed.n = "m";
    renamed.i = "j";
    renamed.span = tvm::ir::Span("f.py", 1, 2, 3, 4);
    uint64_t hash = StructuralHash(MakeAddOne());
    CHECK(StructuralHash(MakeAddOne()) == hash);
    CHECK(StructuralHash(MakeAddOne(renamed)) == hash);
    CHECK(StructuralHash(MakeAddOne(), kMapFree) == StructuralHash(MakeAddOne(renamed), kMapFree));
  }

  TEST_CASE("mutants of add_one hash differently") {
    std::vector<AddOneSpec> mutants(7);
    mutants[0].one = 2.0;
    mutants[1].start = 1;
    mutants[2].kind = tvm::tirx::ForKind::kUnrolled;
    mutants[3].is_private = true;
    mutants[4].store_into_a = true;
    mutants[5].load_at_zero = true;
    mutants[6].a_own_extent = true;
    uint64_t hash = StructuralHash(MakeAddOne());
    for (size_t k = 0; k < mutants.size(); ++k) {
      CAPTURE(k);
      CHECK(StructuralHash(MakeAddOne(mutants[k])) != hash);
    }
  }

  TEST_CASE("free variables hash by identity, or by first appearance when mapped") {
    tvm::ir::Var x("x", F32());
    tvm::ir::Var y("y", F32());
    auto plus_one = [](const tvm::ir::Expr& e) {
      return tvm::tirx::Add(e, tvm::tirx::FloatImm(F32(), 1.0));
    };
    CheckSame(plus_one(x), plus_one(x));
    CheckDifferent(plus_one(x), plus_one(y));
    CheckSame(plus_one(x), plus_one(y), kMapFree);
    CheckSame(tvm::tirx::Add(x, y), tvm::tirx::Add(y, x), kMapFree);
    CheckDifferent(tvm::tirx::Add(x, x), tvm::tirx::Add(x, y), kMapFree);
  }

  TEST_CASE("swapped definitions hash differently") {
    namespace tirx = tvm::tirx;
    auto make = [](bool swap) {
      tvm::ir::Var n("n", structural_test::I64());
      tvm::ir::Var a("A", tvm::ir::TensorType(DataType::Float(32), {n}));
      tvm::ir::Var i("i", structural_test::I64());
      tvm::ir::Var j("j", structural_test::I64());
      tirx::Stmt store = tirx::TensorStore(a, {swap ? j : i}, tirx::TensorLoad(a, {swap ? i : j}));
      tirx::Stmt inner = tirx::For(j, structural_test::Int(0), n, structural_test::Int(1), store);
      return tirx::Function(
          {a}, tirx::For(i, structural_test::Int(0), n, structural_test::Int(1), inner));
    };
    CheckSame(make(false), make(false));
    CheckDifferent(make(false), make(true));
  }

  TEST_CASE("the registered global function takes the value and both options") {
    Function hash = Function::GetGlobalRequired("ffi.StructuralHash");
    tvm::ir::Var x("x", F32());
    tvm::ir::Var y("y", F32());
    CHECK(hash(MakeAddOne(), false, false).cast<int64_t>() ==
          static_cast<int64_t>(StructuralHash(MakeAddOne())));
    CHECK(hash(x, false, false).cast<int64_t>() != hash(y, false, false).cast<int64_t>());
    CHECK(hash(x, true, false).cast<int64_t>() == hash(y, true, false).cast<int64_t>());
    CHECK(hash(FloatTensor({1}), false, true).cast<int64_t>() ==
          hash(FloatTensor({2}), false, true).cast<int64_t>());
  }

  TEST_CASE("a 100000-deep expression chain hashes without recursion") {
    tvm::ir::Var x("x", F32());
    std::vector<tvm::ir::Expr> lhs_nodes;
    std::vector<tvm::ir::Expr> rhs_nodes;
    Any lhs = structural_test::MakeChain(x, 100000, &lhs_nodes);
    Any rhs = structural_test::MakeChain(x, 100000, &rhs_nodes);
    CHECK(StructuralHash(lhs) == StructuralHash(rhs));
    CHECK(StructuralHash(lhs) != StructuralHash(structural_test::WithLastConstant(rhs_nodes, 2.0)));
    lhs = Any();
    rhs = Any();
    structural_test::ReleaseChain(&lhs_nodes);
    structural_test::ReleaseChain(&rhs_nodes);
  }
}
