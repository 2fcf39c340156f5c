// Structural equality and hashing throughput on generated functions of about 1k, 10k and 100k
// nodes. Run: build/benchmarks/bench_structural [repeats]
//
// A node is an object the structural walk reaches (statements, expressions, types), counted by
// a reflection walk of the function. Each figure is the best of `repeats` runs (default 5).
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ffi/reflection/structural_hash.h>
#include <tvm/tirx/expr.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/stmt.h>
#include <tvm/tirx/tensor_expr.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

namespace {

namespace ffi = tvm::ffi;
namespace ir = tvm::ir;
namespace tirx = tvm::tirx;

/*! \brief `for i in range(n): B[i] = A[i] * c_k + (A[i] + c_k)` for k < statements. */
tirx::Function Generate(int statements) {
  ir::PrimType i64(ffi::DataType::Int(64));
  ir::PrimType f32(ffi::DataType::Float(32));
  ir::Var n("n", i64);
  ir::Var a("A", ir::TensorType(ffi::DataType::Float(32), {n}));
  ir::Var b("B", ir::TensorType(ffi::DataType::Float(32), {n}));
  ir::Var i("i", i64);
  std::vector<tirx::Stmt> seq;
  for (int k = 0; k < statements; ++k) {
    tirx::FloatImm c(f32, 0.5 * k);
    ir::Expr value =
        tirx::Add(tirx::Mul(tirx::TensorLoad(a, {i}), c), tirx::Add(tirx::TensorLoad(a, {i}), c));
    seq.push_back(tirx::TensorStore(b, {i}, value));
  }
  tirx::Stmt loop = tirx::For(i, tirx::IntImm(i64, 0), n, tirx::IntImm(i64, 1),
                              tirx::SeqStmt(ffi::Array<tirx::Stmt>(seq)));
  return tirx::Function({a, b}, loop);
}

/*! \brief Objects (and containers) reachable through compared fields, shared ones recounted. */
int64_t CountNodes(const ffi::Any& root) {
  int64_t count = 0;
  std::vector<ffi::Any> stack{root};
  while (!stack.empty()) {
    ffi::Any value = std::move(stack.back());
    stack.pop_back();
    if (!value.is_object()) continue;
    ++count;
    if (const auto* array = value.as<ffi::ArrayObj>()) {
      for (const ffi::Any& item : array->data) stack.push_back(item);
      continue;
    }
    for (const auto* field : ffi::reflection::AllFields(value.type_index())) {
      if (!field->structural_ignore) {
        stack.push_back(ffi::reflection::GetFieldValue(value.pod().v_obj, *field));
      }
    }
  }
  return count;
}

double BestSeconds(int repeats, const std::function<void()>& run) {
  double best = 1e9;
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    run();
    std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    best = std::min(best, elapsed.count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  int repeats = argc > 1 ? std::atoi(argv[1]) : 5;
  std::printf("%10s %10s %12s %14s %12s %14s\n", "nodes", "statements", "equal ms", "equal nodes/s",
              "hash ms", "hash nodes/s");
  // Nodes grow by a fixed amount per statement; pick the statement count that hits each target.
  const int64_t base = CountNodes(Generate(1));
  const int64_t per_statement = CountNodes(Generate(2)) - base;
  for (int64_t target : {1000, 10000, 100000}) {
    int statements = static_cast<int>(1 + (target - base + per_statement - 1) / per_statement);
    tirx::Function lhs = Generate(statements);
    tirx::Function rhs = Generate(statements);
    int64_t nodes = CountNodes(lhs);
    bool equal = true;
    uint64_t hash = 0;
    double eq = BestSeconds(repeats, [&] { equal = ffi::reflection::StructuralEqual(lhs, rhs); });
    double hs = BestSeconds(repeats, [&] { hash = ffi::reflection::StructuralHash(lhs); });
    if (!equal || hash != ffi::reflection::StructuralHash(rhs)) {
      std::fprintf(stderr, "generated copies differ\n");
      return 1;
    }
    std::printf("%10lld %10d %12.3f %14.3g %12.3f %14.3g\n", static_cast<long long>(nodes),
                statements, eq * 1e3, nodes / eq, hs * 1e3, nodes / hs);
  }
  return 0;
}
