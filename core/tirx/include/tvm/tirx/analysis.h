/*!
 * \file tvm/tirx/analysis.h
 * \brief Analyses of TIRx functions and modules.
 */
#ifndef TVM_TIRX_ANALYSIS_H_
#define TVM_TIRX_ANALYSIS_H_

#include <tvm/ffi/array.h>
#include <tvm/ir/diagnostic.h>

namespace tvm {
namespace tirx {
namespace analysis {

/*!
 * \brief Every well-formedness problem of a function or module (or any IR value), in traversal
 *  order, each with the access path of the offending node from `root`. Codes:
 *  undefined-variable, out-of-scope-use, duplicate-definition, loop-variable-assignment,
 *  pattern-mismatch, tensor-access (not a tensor, index arity, index dtype), store-type,
 *  op-contract, and the blocks' (SBlockDiagnostics, some of them warnings). Never throws for
 *  bad IR: bad IR is data.
 */
ffi::Array<ir::Diagnostic> WellFormedDiagnostics(const ffi::Any& root);

/*!
 * \brief Whether `root` has no error (warnings do not count). With assert_mode, an error raises
 *  ValueError listing every error and, when the printer is loaded, the printed IR with the
 *  nodes underlined.
 */
bool CheckWellFormed(const ffi::Any& root, bool assert_mode = true);

}  // namespace analysis
}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_ANALYSIS_H_
