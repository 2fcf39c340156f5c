/*!
 * \file tvm/tirx/int_set.h
 * \brief Integer interval sets: the values an index expression takes while some variables
 *  range over their domains (Apache TVM's `arith::IntervalSet` and `EvalSet`), as block
 *  completion needs them to find the regions a block reads and writes.
 *
 * A set is `[min, max]`, both inclusive, each bound an expression or unbounded. Bounds are
 * kept simplified as sums of constant multiples of terms (`vi * 4 + 3`). What Apache's full
 * arithmetic analyzer adds (proofs with symbolic signs, modular sets, bounds from `if`
 * conditions) is not here: where a rule needs it, the result is the conservative one.
 */
#ifndef TVM_TIRX_INT_SET_H_
#define TVM_TIRX_INT_SET_H_

#include <tvm/ir/expr.h>
#include <tvm/tirx/expr.h>

#include <optional>
#include <unordered_map>

namespace tvm {
namespace tirx {
namespace arith {

class IntervalSet {
 public:
  /*! \brief Every value: no bound either side. */
  IntervalSet() = default;
  IntervalSet(std::optional<Expr> min, std::optional<Expr> max)
      : min_(std::move(min)), max_(std::move(max)) {}
  static IntervalSet Everything() { return IntervalSet(); }
  static IntervalSet Point(Expr value) { return IntervalSet(value, value); }
  /*! \brief The values of a half-open range `[start, end)`: `[start, end - 1]`. */
  static IntervalSet FromRange(const ir::Range& range);

  const std::optional<Expr>& min() const { return min_; }
  const std::optional<Expr>& max() const { return max_; }
  bool HasLowerBound() const { return min_.has_value(); }
  bool HasUpperBound() const { return max_.has_value(); }
  bool IsEverything() const { return !min_ && !max_; }
  /*! \brief Whether min and max are provably the same value. */
  bool IsSinglePoint() const;

  /*!
   * \brief The half-open range `[min, max + 1)`; `whole` (a dimension's full range) when a bound
   *  is missing, as Apache TVM's `CoverRange` does.
   */
  ir::Range CoverRange(const ir::Range& whole) const;

 private:
  std::optional<Expr> min_;
  std::optional<Expr> max_;
};

/*! \brief Domains of the variables to relax, by variable. */
using DomainMap = std::unordered_map<const ir::VarObj*, IntervalSet>;

/*!
 * \brief The set of values `expr` takes when each variable of `domains` takes every value of
 *  its set; other variables stay symbolic, and so do the bounds of the sets in `domains`
 *  (relax them before, as a loop nest does from the outside in). Add and Sub of any sets;
 *  Mul, FloorDiv, FloorMod, Div and Mod by a constant; Min and Max; Select as the union of
 *  its branches; a widening integer Cast keeps the bounds; Ramp and Broadcast their lanes.
 *  Anything else that uses a relaxed variable is Everything; anything that does not is a
 *  single point.
 */
IntervalSet EvalSet(const Expr& expr, const DomainMap& domains);

/*!
 * \brief The domains narrowed by knowing that `condition` is `holds`, for the branches of an
 *  `if` (Apache's `ConditionalBoundsContext`, in part): a comparison of a relaxed variable with
 *  an expression that uses no relaxed variable (`k < 8`, `n > k`, `k >= lo`), a conjunction of
 *  such when it holds, one such negated when it does not. A bound tightens only where the two
 *  compare (their difference is a constant); anything else leaves the domains as they are.
 */
DomainMap AssumeCondition(const Expr& condition, const DomainMap& domains, bool holds);

/*! \brief The smallest interval holding both (a bound is `min(a, b)` when not comparable). */
IntervalSet Union(const IntervalSet& a, const IntervalSet& b);

}  // namespace arith
}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_INT_SET_H_
