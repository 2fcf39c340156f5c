// Randomly generated functions: equality and hashing agree with each other, alpha-renamed copies
// are equal, and perturbed copies differ where GetFirstStructuralMismatch says.
#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>

#include <random>
#include <string>
#include <vector>

#include "structural_test_util.h"

using namespace tvm::ffi;
using reflection::GetFirstStructuralMismatch;
using reflection::StructuralEqual;
using reflection::StructuralEqualOptions;
using reflection::StructuralHash;
using structural_test::F32;
using structural_test::I64;
using structural_test::Int;

namespace ir = tvm::ir;
namespace tirx = tvm::tirx;

namespace structural_random_test {

/*!
 * \brief Builds a random function from a seed. Variables get names with `suffix`, so two builders
 *  with one seed and different suffixes make alpha-renamed copies. `perturb_at` bumps the
 *  outcome of that random draw (-1: none), which changes one decision deep in the function.
 */
class RandomFunction {
 public:
  RandomFunction(uint32_t seed, std::string suffix, int perturb_at, ir::Var free_var)
      : rng_(seed), suffix_(std::move(suffix)), perturb_at_(perturb_at), free_(free_var) {}

  tirx::Function Build() {
    ir::Var n(Name("n"), I64());
    tensor_ = ir::Var(Name("A"), ir::TensorType(DataType::Float(32), {n}));
    scope_ = {n};
    return tirx::Function({tensor_}, Statement(3));
  }

 private:
  int Draw(int choices) {
    int value = static_cast<int>(rng_() % static_cast<uint32_t>(choices));
    if (draws_++ == perturb_at_) value = (value + 1) % choices;
    return value;
  }
  std::string Name(const char* base) { return base + suffix_ + std::to_string(names_++); }

  ir::Expr Index(int depth) {
    switch (depth <= 0 ? Draw(3) : Draw(7)) {
      case 0:
        return scope_[Draw(static_cast<int>(scope_.size()))];
      case 1:
        return Int(Draw(4));
      case 2:
        return free_;
      case 3:
        return tirx::Add(Index(depth - 1), Index(depth - 1));
      case 4:
        return tirx::Mul(Index(depth - 1), Index(depth - 1));
      case 5:
        return tirx::Sub(Index(depth - 1), Index(depth - 1));
      default: {
        ir::Var v(Name("v"), I64());
        ir::Expr value = Index(depth - 1);
        scope_.push_back(v);
        ir::Expr body = Index(depth - 1);
        scope_.pop_back();
        return tirx::Let(v, value, body);
      }
    }
  }

  ir::Expr Value(int depth) {
    switch (depth <= 0 ? Draw(2) : Draw(3)) {
      case 0:
        return tirx::FloatImm(F32(), 0.5 * Draw(4));
      case 1:
        return tirx::TensorLoad(tensor_, {Index(depth - 1)});
      default:
        return tirx::Add(Value(depth - 1), Value(depth - 1));
    }
  }

  tirx::Stmt Statement(int depth) {
    switch (depth <= 0 ? 0 : Draw(4)) {
      case 0:
        return tirx::TensorStore(tensor_, {Index(2)}, Value(2));
      case 1: {
        ir::Var i(Name("i"), I64());
        ir::Expr end = Index(1);
        scope_.push_back(i);
        tirx::Stmt body = Statement(depth - 1);
        scope_.pop_back();
        return tirx::For(i, Int(0), end, Int(1), body);
      }
      default: {
        // A Bind defines its variable for the statements after it.
        size_t scope_size = scope_.size();
        std::vector<tirx::Stmt> seq;
        for (int k = 0, count = 1 + Draw(3); k < count; ++k) {
          if (Draw(3) == 0) {
            ir::Var b(Name("b"), I64());
            seq.push_back(tirx::Bind(b, Index(1)));
            scope_.push_back(b);
          }
          seq.push_back(Statement(depth - 1));
        }
        scope_.resize(scope_size);
        return tirx::SeqStmt(Array<tirx::Stmt>(seq));
      }
    }
  }

  std::mt19937 rng_;
  std::string suffix_;
  int perturb_at_;
  int draws_ = 0;
  int names_ = 0;
  ir::Var free_;
  ir::Var tensor_;
  std::vector<ir::Var> scope_;
};

/*! \brief Equality implies equal hashes; a mismatch exists exactly when unequal. */
void CheckConsistent(const Any& a, const Any& b, StructuralEqualOptions options) {
  bool equal = StructuralEqual(a, b, options);
  CHECK(equal == StructuralEqual(b, a, options));
  CHECK(equal == !GetFirstStructuralMismatch(a, b, options).has_value());
  if (equal) CHECK(StructuralHash(a, options) == StructuralHash(b, options));
}

}  // namespace structural_random_test

using structural_random_test::CheckConsistent;
using structural_random_test::RandomFunction;

TEST_SUITE("ffi.StructuralEqual.Random") {
  TEST_CASE("random functions: copies equal, perturbations differ, hashes agree") {
    const StructuralEqualOptions plain{};
    const StructuralEqualOptions map_free{true, false};
    ir::Var k("k", I64());
    ir::Var other_k("k", I64());
    int unequal = 0;
    int hash_collisions = 0;
    for (uint32_t seed = 0; seed < 300; ++seed) {
      CAPTURE(seed);
      tirx::Function f = RandomFunction(seed, "", -1, k).Build();
      tirx::Function renamed = RandomFunction(seed, "_r", -1, k).Build();
      tirx::Function other_free = RandomFunction(seed, "_o", -1, other_k).Build();
      tirx::Function perturbed = RandomFunction(seed, "_p", static_cast<int>(seed % 20), k).Build();
      CHECK(StructuralEqual(f, renamed));
      CHECK(StructuralHash(f) == StructuralHash(renamed));
      // The free variable k is mapped onto another free variable only when asked.
      CHECK(StructuralEqual(f, other_free, map_free));
      CHECK(StructuralHash(f, map_free) == StructuralHash(other_free, map_free));
      for (const auto& options : {plain, map_free}) {
        CheckConsistent(f, other_free, options);
        CheckConsistent(f, perturbed, options);
      }
      if (!StructuralEqual(f, perturbed)) {
        ++unequal;
        if (StructuralHash(f) == StructuralHash(perturbed)) ++hash_collisions;
      }
    }
    // Most perturbations change the function (some land past the last draw, or on an
    // equivalent one).
    CHECK(unequal > 150);
    CHECK(hash_collisions == 0);
  }
}
