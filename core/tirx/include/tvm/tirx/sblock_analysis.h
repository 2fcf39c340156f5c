/*!
 * \file tvm/tirx/sblock_analysis.h
 * \brief Analyses of S-TIR blocks: the regions a block reads and writes (what block completion
 *  fills in when `T.reads`/`T.writes` are omitted), and the blocks' well-formedness.
 */
#ifndef TVM_TIRX_SBLOCK_ANALYSIS_H_
#define TVM_TIRX_SBLOCK_ANALYSIS_H_

#include <tvm/ir/diagnostic.h>
#include <tvm/tirx/sblock.h>

namespace tvm {
namespace tirx {
namespace analysis {

/*! \brief The tensors a block accesses, each once, in order of first access. */
struct SBlockAccessRegions {
  ffi::Array<BufferRegion> reads;
  ffi::Array<BufferRegion> writes;
  /*! \brief Tensors used other than by a load or store (passed whole to a call): all of it. */
  ffi::Array<BufferRegion> opaques;
};

/*!
 * \brief The regions `block` reads and writes, as Apache TVM's `GetSBlockAccessRegion`
 *  computes them: each load and store's indices relaxed over the loops inside the block (its
 *  iteration variables stay symbolic), a nested block's declared regions with its bindings
 *  substituted and relaxed likewise, a match buffer's access mapped to its source, the
 *  regions of one tensor united per dimension (a single point `[x, x + 1)`, else the cover,
 *  or the whole dimension where a bound is unknown). Tensors the block allocates (its
 *  `alloc_buffers`, an AllocTensor or DeclTensor in its body) are left out; with an `init`,
 *  written tensors are left out of the reads.
 */
SBlockAccessRegions DetectSBlockAccessRegions(const SBlock& block);

/*!
 * \brief The S-TIR problems of `root` (any IR value), each naming its block. Errors, where
 *  Apache TVM refuses the IR too: sblock-binding-count, sblock-binding-type, sblock-iter-kind,
 *  sblock-region-rank, sblock-loop-var-access. Warnings, for what apache-tvm 0.27 accepts but
 *  is most likely a mistake: sblock-binding-domain, sblock-domain, sblock-init, sblock-region,
 *  sblock-parallel-binding, sblock-mixed-loop. WellFormedDiagnostics includes them.
 */
ffi::Array<ir::Diagnostic> SBlockDiagnostics(const ffi::Any& root);

}  // namespace analysis
}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_SBLOCK_ANALYSIS_H_
