// Generated TIRx functions of a chosen size, shared by the structural and printer benchmarks.
//
// Shapes:
//  - flat: one loop over N stores `B[i] = A[i] * c_k + (A[i] + c_k)` (four variables in all,
//    each constant shared by two uses).
//  - blocks: N loops, each with its own loop variable, a Bind, a guarded store and distinct
//    constants, so the variable tables grow with the function as they do in real code.
// A node is an object the structural walk reaches (statements, expressions, types, arrays);
// shared objects count once per occurrence, as the walks visit them.
#ifndef TVM_LSP_BENCHMARKS_GENERATED_FUNCTIONS_H_
#define TVM_LSP_BENCHMARKS_GENERATED_FUNCTIONS_H_

#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/expr.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/stmt.h>
#include <tvm/tirx/tensor_expr.h>

#include <vector>

namespace bench {

namespace ffi = tvm::ffi;
namespace ir = tvm::ir;
namespace tirx = tvm::tirx;

enum class Shape { kFlat, kBlocks };

/*! \brief What one generated function looks like. */
struct GenOptions {
  Shape shape = Shape::kFlat;
  /*! \brief Stores (flat) or loops (blocks). */
  int units = 1;
  /*! \brief Changes the constant of the last unit, for a copy that must compare unequal. */
  double last_offset = 0.0;
};

struct Params {
  ir::PrimType i64{ffi::DataType::Int(64)};
  ir::PrimType f32{ffi::DataType::Float(32)};
  ir::Var n{"n", i64};
  ir::Var a{"A", ir::TensorType(ffi::DataType::Float(32), {n})};
  ir::Var b{"B", ir::TensorType(ffi::DataType::Float(32), {n})};
};

inline double UnitConstant(const GenOptions& options, int k) {
  return 0.5 * k + (k + 1 == options.units ? options.last_offset : 0.0);
}

/*! \brief `for i in range(n): B[i] = A[i] * c_k + (A[i] + c_k)` for k < units. */
inline tirx::Stmt FlatBody(const Params& p, const GenOptions& options) {
  ir::Var i("i", p.i64);
  std::vector<tirx::Stmt> seq;
  for (int k = 0; k < options.units; ++k) {
    tirx::FloatImm c(p.f32, UnitConstant(options, k));
    ir::Expr value = tirx::Add(tirx::Mul(tirx::TensorLoad(p.a, {i}), c),
                               tirx::Add(tirx::TensorLoad(p.a, {i}), c));
    seq.push_back(tirx::TensorStore(p.b, {i}, value));
  }
  return tirx::For(i, tirx::IntImm(p.i64, 0), p.n, tirx::IntImm(p.i64, 1),
                   tirx::SeqStmt(ffi::Array<tirx::Stmt>(seq)));
}

/*!
 * \brief Loop k: `for j in range(k % 7, n): t = A[j] * c; if j < k: B[j] = t + A[j] - c`
 *  `else: B[j] = max(t, c)`, with fresh j and t and constants of its own.
 */
inline tirx::Stmt Block(const Params& p, const GenOptions& options, int k) {
  ir::Var j("j", p.i64);
  ir::Var t("t", p.f32);
  tirx::FloatImm c(p.f32, UnitConstant(options, k));
  tirx::Stmt bind = tirx::Bind(t, tirx::Mul(tirx::TensorLoad(p.a, {j}), c));
  tirx::Stmt then_case = tirx::TensorStore(
      p.b, {j}, tirx::Sub(tirx::Add(t, tirx::TensorLoad(p.a, {j})), tirx::FloatImm(p.f32, k)));
  tirx::Stmt else_case = tirx::TensorStore(p.b, {j}, tirx::Max(t, tirx::FloatImm(p.f32, -k)));
  tirx::Stmt guarded = tirx::IfThenElse(tirx::LT(j, tirx::IntImm(p.i64, k)), then_case, else_case);
  return tirx::For(j, tirx::IntImm(p.i64, k % 7), p.n, tirx::IntImm(p.i64, 1),
                   tirx::SeqStmt({bind, guarded}));
}

inline tirx::Function Generate(const GenOptions& options) {
  Params p;
  if (options.shape == Shape::kFlat) return tirx::Function({p.a, p.b}, FlatBody(p, options));
  std::vector<tirx::Stmt> blocks;
  for (int k = 0; k < options.units; ++k) blocks.push_back(Block(p, options, k));
  return tirx::Function({p.a, p.b}, tirx::SeqStmt(ffi::Array<tirx::Stmt>(blocks)));
}

/*! \brief Objects (and containers) reachable through compared fields, shared ones recounted. */
inline int64_t CountNodes(const ffi::Any& root) {
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

/*! \brief The unit count whose function has about `target` nodes (nodes grow per unit). */
inline int UnitsFor(Shape shape, int64_t target) {
  const int64_t base = CountNodes(Generate({shape, 1}));
  const int64_t per_unit = CountNodes(Generate({shape, 2})) - base;
  return static_cast<int>(1 + (target - base + per_unit / 2) / per_unit);
}

}  // namespace bench

#endif  // TVM_LSP_BENCHMARKS_GENERATED_FUNCTIONS_H_
