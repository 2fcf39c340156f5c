/*!
 * \file tvm/tirx/sblock.h
 * \brief S-TIR: the schedulable blocks of Apache TVM (`with T.sblock("C"):`), their iteration
 *  variables and the tensor regions they read and write.
 *
 * A tensor is a Var whose type is a TensorType (what Apache TVM calls a Buffer), so a region
 * names its tensor by that variable. Ranges are half-open `[start, end)` (ir::Range), where
 * Apache TVM stores `(min, extent)`.
 *
 * Definition regions (docs/structural-utilities.md): `IterVar.var` and `SBlock.alloc_buffers`
 * are Simple definitions, `MatchBufferRegion.tensor` a Pattern (its type's fresh symbols, an
 * element offset or strides, are defined there, as Apache TVM's SEqHashDefRecursive does), so
 * equality, hashing, walk, map and mutate treat blocks with no code of their own.
 */
#ifndef TVM_TIRX_SBLOCK_H_
#define TVM_TIRX_SBLOCK_H_

#include <tvm/ffi/array.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/optional.h>
#include <tvm/tirx/stmt.h>

namespace tvm {
namespace tirx {

/*! \brief How an iteration variable iterates; values and names as Apache TVM's IterVarType. */
enum class IterVarKind : int64_t {
  /*! \brief Data parallel (`T.axis.spatial`). */
  kDataPar = 0,
  /*! \brief A thread index of a launched thread group. */
  kThreadIndex = 1,
  /*! \brief A commutative reduction (`T.axis.reduce`). */
  kCommReduce = 2,
  /*! \brief Serial, carrying a dependence from one iteration to the next (`T.axis.scan`). */
  kOrdered = 3,
  /*! \brief No iteration pattern is known (`T.axis.opaque`). */
  kOpaque = 4,
  kUnrolled = 5,
  kVectorized = 6,
  kParallelized = 7,
  kTensorized = 8,
};

/*! \brief "DataPar", "ThreadIndex", "CommReduce", "Ordered", "Opaque", ... (Apache's names). */
const char* IterVarKindName(IterVarKind kind);

/*! \brief An iteration variable `var` over the domain `dom`. */
class IterVarObj : public ffi::Object {
 public:
  Var var;
  ir::Range dom;
  /*! \brief An IterVarKind value. */
  int64_t kind = 0;
  /*! \brief The thread ("threadIdx.x") of a thread-index variable, else empty. */
  ffi::String thread_tag;
  Span span = Span::Unknown();
  IterVarKind iter_kind() const { return static_cast<IterVarKind>(kind); }
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.IterVar", IterVarObj, ffi::Object);
};

class IterVar : public ffi::ObjectRef {
 public:
  /*!
   * \brief TypeError unless var is a scalar integer and the domain's bounds have its type;
   *  ValueError for a missing domain.
   */
  IterVar(Var var, ir::Range dom, IterVarKind kind, ffi::String thread_tag = "",
          Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(IterVar, ffi::ObjectRef, IterVarObj);
};

/*! \brief The part `tensor[region...]` of a tensor: one range per dimension. */
class BufferRegionObj : public ffi::Object {
 public:
  Var tensor;
  ffi::Array<ir::Range> region;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.BufferRegion", BufferRegionObj, ffi::Object);
};

class BufferRegion : public ffi::ObjectRef {
 public:
  /*! \brief TypeError unless tensor is a tensor with integer bounds; ValueError unless one range
   *  per dimension. */
  BufferRegion(Var tensor, ffi::Array<ir::Range> region);
  /*! \brief The whole tensor: `[0, extent)` in every dimension. */
  static BufferRegion Full(Var tensor);
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(BufferRegion, ffi::ObjectRef, BufferRegionObj);
};

/*! \brief `tensor = T.match_buffer(source, shape)` in a block: a view of a region. */
class MatchBufferRegionObj : public ffi::Object {
 public:
  Var tensor;
  BufferRegion source;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.MatchBufferRegion", MatchBufferRegionObj, ffi::Object);
};

class MatchBufferRegion : public ffi::ObjectRef {
 public:
  /*!
   * \brief As Apache TVM checks it: the same dtype and scope, an alignment the source
   *  provides, a region of at least the view's rank whose leading extra dimensions have extent
   *  1 and whose other extents equal the view's shape (a shape that is a variable matches any).
   *  TypeError or ValueError naming the view otherwise.
   */
  MatchBufferRegion(Var tensor, BufferRegion source);
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(MatchBufferRegion, ffi::ObjectRef,
                                             MatchBufferRegionObj);
};

/*!
 * \brief A block: the schedule's unit. Its body sees only its iteration variables (bound by the
 *  enclosing SBlockRealize), the tensors it declares, and what its reads and writes name.
 */
class SBlockObj : public StmtObj {
 public:
  ffi::Array<IterVar> iter_vars;
  ffi::Array<BufferRegion> reads;
  ffi::Array<BufferRegion> writes;
  /*! \brief For printing only; structural equality ignores it, as Apache TVM does. */
  ffi::String name_hint;
  ffi::Array<Var> alloc_buffers;
  ffi::Array<MatchBufferRegion> match_buffers;
  ffi::Map<ffi::String, ffi::Any> annotations;
  /*! \brief Run at the first iteration of the reduction (`with T.init():`), or None. */
  ffi::Optional<Stmt> init;
  Stmt body;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.SBlock", SBlockObj, StmtObj);
};

/*! \brief What a block has besides its iteration variables, regions, name and body. */
struct SBlockOptions {
  ffi::Optional<Stmt> init;
  ffi::Array<Var> alloc_buffers;
  ffi::Array<MatchBufferRegion> match_buffers;
  ffi::Map<ffi::String, ffi::Any> annotations;
  Span span = Span::Unknown();
};

class SBlock : public Stmt {
 public:
  /*! \brief ValueError for a missing body or iteration variable; TypeError for an allocated
   *  variable that is not a tensor. */
  SBlock(ffi::Array<IterVar> iter_vars, ffi::Array<BufferRegion> reads,
         ffi::Array<BufferRegion> writes, ffi::String name_hint, Stmt body,
         SBlockOptions options = {});
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(SBlock, Stmt, SBlockObj);
};

/*! \brief Runs `block` with its iteration variables bound to `iter_values` when `predicate`. */
class SBlockRealizeObj : public StmtObj {
 public:
  ffi::Array<Expr> iter_values;
  Expr predicate;
  SBlock block;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.SBlockRealize", SBlockRealizeObj, StmtObj);
};

class SBlockRealize : public Stmt {
 public:
  /*! \brief ValueError unless one value per iteration variable; TypeError unless the
   *  predicate is a scalar bool. */
  SBlockRealize(ffi::Array<Expr> iter_values, Expr predicate, SBlock block,
                Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(SBlockRealize, Stmt, SBlockRealizeObj);
};

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_SBLOCK_H_
