/*!
 * \file tvm/tirx/sblock_builder.h
 * \brief The builder frames of S-TIR blocks (`with T.sblock("C"):`, `with T.init():`) and the
 *  hooks a block's header statements call (`T.axis.*`, `T.where`, `T.reads`, `T.writes`,
 *  `T.sblock_attr`, `T.sblock_alloc_buffer`, `T.match_buffer` of a region), as apache-tvm 0.27
 *  builds them (docs/frontend.md, "S-TIR blocks").
 */
#ifndef TVM_TIRX_SBLOCK_BUILDER_H_
#define TVM_TIRX_SBLOCK_BUILDER_H_

#include <tvm/tirx/builder.h>
#include <tvm/tirx/sblock.h>

namespace tvm {
namespace tirx {
namespace builder {

/*! \brief `with T.sblock("name"):`: a block and, unless `no_realize`, its realize. */
class SBlockFrameObj : public TIRFrameObj {
 public:
  ffi::String name;
  ffi::Array<IterVar> iter_vars;
  /*! \brief One binding per iteration variable, given by `T.axis.*`. */
  ffi::Array<Expr> iter_values;
  ffi::Optional<Expr> predicate;
  /*! \brief Inferred when the block does not give them (Apache TVM's block completion). */
  ffi::Optional<ffi::Array<BufferRegion>> reads;
  ffi::Optional<ffi::Array<BufferRegion>> writes;
  ffi::Optional<ffi::Map<ffi::String, ffi::Any>> annotations;
  ffi::Array<Var> alloc_buffers;
  ffi::Array<MatchBufferRegion> match_buffers;
  ffi::Optional<Stmt> init;
  bool no_realize = false;
  void Finalize();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.builder.SBlockFrame", SBlockFrameObj, TIRFrameObj);
};

class SBlockFrame : public TIRFrame {
 public:
  /*!
   * \brief ValueError outside an S-TIR function; `makes_s_tir` (`T.block`, the older spelling)
   *  makes the enclosing function one instead.
   */
  static SBlockFrame Create(ffi::String name, bool no_realize, bool makes_s_tir, Span span);
  TVM_IR_BUILDER_REF(SBlockFrame, TIRFrame);
};

/*! \brief `with T.init():` directly in a block: the statements become the block's `init`. */
class SBlockInitFrameObj : public TIRFrameObj {
 public:
  void Finalize();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.builder.SBlockInitFrame", SBlockInitFrameObj,
                                    TIRFrameObj);
};

class SBlockInitFrame : public TIRFrame {
 public:
  /*! \brief ValueError unless the innermost frame is a block without an init yet. */
  static SBlockInitFrame Create(Span span);
  TVM_IR_BUILDER_REF(SBlockInitFrame, TIRFrame);
};

/*!
 * \brief `name = T.axis.spatial(dom, binding, dtype)` (and reduce, scan, opaque): a new
 *  iteration variable of the innermost block, directly inside it. Its type is `dtype` widened to
 *  the domain's widest bound; literal bounds and binding adopt it. ValueError outside a block.
 */
Var AddBlockAxis(IterVarKind kind, ffi::Any start, ffi::Any end, ffi::Any binding,
                 ffi::DataType dtype, ffi::String name, Span name_span);

/*!
 * \brief The region an access names: a BufferRegion as it is, a tensor load `A[i, 0:4]` (a
 *  point per scalar index, `[base, base + lanes)` per unit-stride ramp) or a whole tensor.
 *  TypeError naming `what` otherwise.
 */
BufferRegion RegionOfAccess(const ffi::Any& access, const char* what);

/*!
 * \brief Whether `T.sblock` is valid here: inside a function whose `script.namespace` is
 *  "s_tir" (`@T.prim_func(s_tir=True)`, `@Ts.function`). ValueError naming `what` otherwise.
 */
void RequireSTirFunction(const char* what);

}  // namespace builder
}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_SBLOCK_BUILDER_H_
