// A block matmul built with constructors, as Apache TVM's parser builds it:
//   def matmul(A: T.Tensor((16, 16)), B: T.Tensor((16, 16)), C: T.Tensor((16, 16))):
//       for i, j, k in T.grid(16, 16, 16):
//           with T.sblock("C"):
//               vi, vj, vk = T.axis.remap("SSR", [i, j, k])
//               T.reads(...); T.writes(...)           (as given)
//               with T.init(): C[vi, vj] = 0.0        (when with_init)
//               C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]
#ifndef TVM_LSP_TESTS_CPP_TIRX_SBLOCK_MATMUL_H_
#define TVM_LSP_TESTS_CPP_TIRX_SBLOCK_MATMUL_H_

#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/sblock.h>
#include <tvm/tirx/tensor_expr.h>

namespace tirx_test {

inline tvm::ir::Expr I32(int64_t v) { return tvm::tirx::MakeConst(tvm::ir::PrimType::Int(32), v); }

inline tvm::ir::Var Int(const char* name) { return tvm::ir::Var(name, tvm::ir::PrimType::Int(32)); }

/*! \brief The constant `True`, a realize's predicate when it has none. */
inline tvm::ir::Expr True() { return tvm::tirx::MakeConst(tvm::ir::PrimType::Bool(), int64_t{1}); }

inline tvm::ir::Var Tensor1D(const char* name, int64_t extent,
                             tvm::ffi::DataType dtype = tvm::ffi::DataType::Float(32),
                             tvm::ir::TensorTypeOptions options = {}) {
  return tvm::ir::Var(name, tvm::ir::TensorType(dtype, {I32(extent)}, options));
}

/*! \brief `for var in range(start, end): body`. */
inline tvm::tirx::Stmt Loop(const tvm::ir::Var& var, int64_t start, int64_t end,
                            tvm::tirx::Stmt body, tvm::tirx::ForOptions options = {}) {
  return tvm::tirx::For(var, I32(start), I32(end), I32(1), std::move(body), std::move(options));
}

inline tvm::ir::Var Tensor2D(const char* name, int64_t rows, int64_t cols) {
  using namespace tvm::ir;
  return Var(name, TensorType(tvm::ffi::DataType::Float(32), {I32(rows), I32(cols)}));
}

inline tvm::ir::Range R(tvm::ir::Expr start, tvm::ir::Expr end) {
  return tvm::ir::Range(std::move(start), std::move(end));
}

inline tvm::ir::Range R(int64_t start, int64_t end) { return R(I32(start), I32(end)); }

/*! \brief `[x, x + 1)`, the range of one index. */
inline tvm::ir::Range Point(const tvm::ir::Expr& x) {
  using namespace tvm::tirx;
  return R(x, x + 1);
}

struct Matmul {
  tvm::ir::Var a, b, c, i, j, k, vi, vj, vk;
  tvm::tirx::SBlock block;
  tvm::tirx::SBlockRealize realize;
  tvm::tirx::Function func;
};

struct MatmulOptions {
  bool with_init = false;
  bool declare_regions = true;
};

/*! \brief A fresh matmul: every call makes new variables and nodes. */
inline Matmul MakeMatmul(MatmulOptions options = {}) {
  using namespace tvm::ir;
  using namespace tvm::tirx;
  namespace ffi = tvm::ffi;
  Matmul m;
  m.a = Tensor2D("A", 16, 16);
  m.b = Tensor2D("B", 16, 16);
  m.c = Tensor2D("C", 16, 16);
  m.i = Var("i", PrimType::Int(32));
  m.j = Var("j", PrimType::Int(32));
  m.k = Var("k", PrimType::Int(32));
  m.vi = Var("vi", PrimType::Int(32));
  m.vj = Var("vj", PrimType::Int(32));
  m.vk = Var("vk", PrimType::Int(32));
  ffi::Array<IterVar> iters{IterVar(m.vi, R(0, 16), IterVarKind::kDataPar),
                            IterVar(m.vj, R(0, 16), IterVarKind::kDataPar),
                            IterVar(m.vk, R(0, 16), IterVarKind::kCommReduce)};
  Expr update =
      TensorLoad(m.c, {m.vi, m.vj}) + TensorLoad(m.a, {m.vi, m.vk}) * TensorLoad(m.b, {m.vj, m.vk});
  Stmt body = TensorStore(m.c, {m.vi, m.vj}, update);
  ffi::Array<BufferRegion> reads, writes;
  if (options.declare_regions) {
    reads = {BufferRegion(m.c, {Point(m.vi), Point(m.vj)}),
             BufferRegion(m.a, {Point(m.vi), Point(m.vk)}),
             BufferRegion(m.b, {Point(m.vj), Point(m.vk)})};
    writes = {BufferRegion(m.c, {Point(m.vi), Point(m.vj)})};
  }
  SBlockOptions block_options;
  if (options.with_init) {
    block_options.init = TensorStore(m.c, {m.vi, m.vj}, MakeConst(PrimType::Float(32), 0.0));
  }
  m.block = SBlock(iters, reads, writes, "C", body, block_options);
  m.realize = SBlockRealize({m.i, m.j, m.k}, True(), m.block);
  Stmt nest = m.realize;
  for (const Var& loop : {m.k, m.j, m.i}) nest = For(loop, I32(0), I32(16), I32(1), nest);
  FunctionOptions func_options;
  func_options.attrs = ffi::Map<ffi::String, ffi::Any>{{"global_symbol", ffi::String("matmul")}};
  m.func = Function({m.a, m.b, m.c}, nest, func_options);
  return m;
}

}  // namespace tirx_test

#endif  // TVM_LSP_TESTS_CPP_TIRX_SBLOCK_MATMUL_H_
