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

arith::IntervalSet LoopValues(const ForObj* loop, const arith::DomainMap& outer, bool exact_last) {
  std::optional<int64_t> step = IntConstant(loop->step);
  std::optional<int64_t> start = IntConstant(loop->start);
  std::optional<int64_t> end = IntConstant(loop->end);
  if (step && (*step < 0 || (exact_last && *step > 0)) && start && end) {
    // The loop runs while start + n * step is short of end, in the step's direction.
    const __int128 s = *step, from = *start, to = *end;  // wide enough for int64 extremes
    const __int128 count = s > 0 ? (to - from + s - 1) / s : (from - to - s - 1) / -s;
    if (count > 0) {
      const int64_t last = static_cast<int64_t>(from + (count - 1) * s);
      PrimType ty(loop->var.dtype());
      return *step > 0 ? arith::IntervalSet(loop->start, MakeConst(ty, last))
                       : arith::IntervalSet(MakeConst(ty, last), loop->start);
    }
  }
  if (step && *step > 0) return RelaxedRange(ir::Range(loop->start, loop->end), outer);
  return arith::IntervalSet::Everything();
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
