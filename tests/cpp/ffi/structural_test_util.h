// Helpers shared by the structural equality and hashing suites: the add_one function of the
// spec, built from knobs so that tests can make independent copies, alpha-renamed copies and
// single-field mutants, and a long expression chain.
#ifndef TVM_LSP_TESTS_CPP_FFI_STRUCTURAL_TEST_UTIL_H_
#define TVM_LSP_TESTS_CPP_FFI_STRUCTURAL_TEST_UTIL_H_

#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ffi/reflection/structural_hash.h>
#include <tvm/ffi/tensor.h>
#include <tvm/tirx/expr.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/stmt.h>
#include <tvm/tirx/tensor_expr.h>

#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace structural_test {

namespace ffi = tvm::ffi;
namespace ir = tvm::ir;
namespace tirx = tvm::tirx;

inline ir::PrimType I64() { return ir::PrimType(ffi::DataType::Int(64)); }
inline ir::PrimType F32() { return ir::PrimType(ffi::DataType::Float(32)); }
inline tirx::IntImm Int(int64_t value) { return tirx::IntImm(I64(), value); }

/*! \brief The knobs of add_one; the defaults build the spec's function. */
struct AddOneSpec {
  std::string a = "A";
  std::string b = "B";
  std::string n = "n";
  std::string i = "i";
  double one = 1.0;
  int64_t start = 0;
  tirx::ForKind kind = tirx::ForKind::kSerial;
  bool is_private = false;
  ffi::Map<ffi::String, ffi::Any> attrs;
  /*! \brief A's shape uses its own symbol instead of sharing n with B. */
  bool a_own_extent = false;
  /*! \brief The store writes into A instead of B. */
  bool store_into_a = false;
  /*! \brief The load reads A[0] instead of A[i]. */
  bool load_at_zero = false;
  /*! \brief 0: the loop body is the store; k > 0: a SeqStmt of k copies of it. */
  int seq_length = 0;
  /*! \brief Every node gets this span (spans are ignored by equality). */
  ir::Span span = ir::Span::Unknown();
};

/*!
 * \brief `add_one(A: Tensor((n,), f32), B: Tensor((n,), f32)) { for i in range(n): B[i] = A[i]
 *  + 1.0f }`, with every variable fresh.
 */
inline tirx::Function MakeAddOne(const AddOneSpec& spec = {}) {
  ir::Var n(spec.n, I64(), spec.span);
  ir::Var m(spec.n + "_a", I64(), spec.span);
  ir::TensorTypeOptions type_options;
  type_options.span = spec.span;
  ir::Var a(spec.a,
            ir::TensorType(ffi::DataType::Float(32), {spec.a_own_extent ? m : n}, type_options),
            spec.span);
  ir::Var b(spec.b, ir::TensorType(ffi::DataType::Float(32), {n}, type_options), spec.span);
  ir::Var i(spec.i, I64(), spec.span);
  ir::Expr index = spec.load_at_zero ? ir::Expr(Int(0)) : ir::Expr(i);
  tirx::TensorLoad load(a, {index}, spec.span);
  tirx::Add sum(load, tirx::FloatImm(F32(), spec.one, spec.span), spec.span);
  tirx::Stmt store = tirx::TensorStore(spec.store_into_a ? a : b, {i}, sum, spec.span);
  if (spec.seq_length > 0) {
    store = tirx::SeqStmt(ffi::Array<tirx::Stmt>(std::vector<tirx::Stmt>(spec.seq_length, store)),
                          spec.span);
  }
  tirx::ForOptions for_options;
  for_options.kind = spec.kind;
  for_options.span = spec.span;
  tirx::For loop(i, Int(spec.start), n, Int(1), store, for_options);
  tirx::FunctionOptions options;
  options.attrs = spec.attrs;
  options.is_private = spec.is_private;
  options.span = spec.span;
  return tirx::Function({a, b}, loop, options);
}

/*! \brief A float32 CPU tensor holding `values`. */
inline ffi::Tensor FloatTensor(const std::vector<float>& values) {
  ffi::Tensor t = ffi::Tensor::Empty({static_cast<int64_t>(values.size())},
                                     ffi::DataType::Float(32), DLDevice{kDLCPU, 0});
  std::memcpy(t.data_ptr(), values.data(), values.size() * sizeof(float));
  return t;
}

/*! \brief "lhs-path | rhs-path" of the first mismatch, or "equal". */
inline std::string MismatchText(const ffi::Any& lhs, const ffi::Any& rhs,
                                ffi::reflection::StructuralEqualOptions options = {}) {
  auto paths = ffi::reflection::GetFirstStructuralMismatch(lhs, rhs, options);
  if (!paths.has_value()) return "equal";
  return paths->first.ToString() + " | " + paths->second.ToString();
}

/*!
 * \brief `x + 1 + 1 + ... + 1` with `depth` additions. Every node is also kept in `keep`, in
 *  building order, so the caller can release the chain from the top without deep recursion.
 */
inline ir::Expr MakeChain(const ir::Var& x, int depth, std::vector<ir::Expr>* keep) {
  ir::Expr expr = x;
  tirx::FloatImm one(F32(), 1.0);
  for (int k = 0; k < depth; ++k) {
    expr = tirx::Add(expr, one);
    keep->push_back(expr);
  }
  return expr;
}

/*! \brief The chain kept in `keep` with its last constant replaced by `last`. */
inline ir::Expr WithLastConstant(const std::vector<ir::Expr>& keep, double last) {
  return tirx::Add(keep[keep.size() - 2], tirx::FloatImm(F32(), last));
}

/*! \brief Releases the nodes kept by MakeChain outermost first (no recursive destruction). */
inline void ReleaseChain(std::vector<ir::Expr>* keep) {
  while (!keep->empty()) keep->pop_back();
}

}  // namespace structural_test

#endif  // TVM_LSP_TESTS_CPP_FFI_STRUCTURAL_TEST_UTIL_H_
