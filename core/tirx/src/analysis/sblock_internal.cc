/*!
 * \file sblock_internal.cc
 * \brief Helpers the S-TIR analyses share (sblock_internal.h).
 */
#include "sblock_internal.h"

#include <tvm/ffi/reflection/structural_walk.h>
#include <tvm/tirx/op.h>

#include "../linear_form_internal.h"

namespace tvm {
namespace tirx {
namespace analysis {

namespace refl = ffi::reflection;

arith::IntervalSet RelaxedRange(const ir::Range& range, const arith::DomainMap& domains) {
  arith::IntervalSet start = arith::EvalSet(range->start, domains);
  arith::IntervalSet last = arith::EvalSet(SimplifyLinear(range->end - 1), domains);
  return arith::IntervalSet(start.min(), last.max());
}

Expr Substitute(const Expr& expr,
                const std::unordered_map<const ffi::Object*, Expr>& replacements) {
  if (replacements.empty()) return expr;
  ffi::Any mapped = refl::StructuralMap(
      expr,
      [&](Var var) -> Expr {
        auto it = replacements.find(var.get());
        return it == replacements.end() ? Expr(var) : it->second;
      },
      refl::WalkOrder::kPostOrder);
  return SimplifyLinear(mapped.cast<Expr>());
}

}  // namespace analysis
}  // namespace tirx
}  // namespace tvm
