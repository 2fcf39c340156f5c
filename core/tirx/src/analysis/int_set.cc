/*!
 * \file int_set.cc
 * \brief Interval sets of integer expressions over variable domains (tvm/tirx/int_set.h),
 *  following the rules of Apache TVM's `IntervalSetEvaluator`.
 */
#include <tvm/ffi/reflection/structural_walk.h>
#include <tvm/ffi/stack_guard.h>
#include <tvm/tirx/int_set.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/tensor_expr.h>

#include "../linear_form_internal.h"

namespace tvm {
namespace tirx {
namespace arith {
namespace {

namespace refl = ffi::reflection;
using Bound = std::optional<Expr>;

/*! \brief A bound built by `f` from present bounds, simplified; unbounded otherwise. */
template <typename F>
Bound Combine(const Bound& a, const Bound& b, F f) {
  if (!a || !b) return std::nullopt;
  return SimplifyBound(f(*a, *b));
}

std::optional<int64_t> ConstantBound(const Bound& bound) {
  if (!bound.has_value()) return std::nullopt;
  return IntConstant(*bound);
}

/*! \brief The smaller (or larger) of two bounds: by their constant difference, else a node. */
Expr Pick(const Expr& a, const Expr& b, bool smaller) {
  if (std::optional<int64_t> diff = ConstantDifference(a, b)) {
    return (*diff <= 0) == smaller ? a : b;
  }
  return smaller ? tirx::min(a, b) : tirx::max(a, b);
}

class Evaluator {
 public:
  explicit Evaluator(const DomainMap& domains) : domains_(domains) {}

  IntervalSet Eval(const Expr& expr) {
    // Deeply nested input raises RecursionError instead of overflowing the stack.
    ffi::CheckStackDepth("integer set evaluation", ++depth_);
    IntervalSet result = EvalNode(expr);
    --depth_;
    return result;
  }

 private:
  IntervalSet EvalNode(const Expr& expr) {
    if (const auto* var = expr.as<ir::VarObj>()) {
      auto it = domains_.find(var);
      return it == domains_.end() ? IntervalSet::Point(expr) : it->second;
    }
    if (expr.as<IntImmObj>()) return IntervalSet::Point(expr);
    if (const auto* node = expr.as<AddObj>()) return Binary(expr, node, &Evaluator::Add);
    if (const auto* node = expr.as<SubObj>()) return Binary(expr, node, &Evaluator::Sub);
    if (const auto* node = expr.as<MulObj>()) return Binary(expr, node, &Evaluator::Mul);
    if (const auto* node = expr.as<FloorDivObj>()) {
      return Binary(expr, node, &Evaluator::Divide<true>);
    }
    if (const auto* node = expr.as<DivObj>()) return Binary(expr, node, &Evaluator::Divide<false>);
    if (const auto* node = expr.as<FloorModObj>()) return Binary(expr, node, &Evaluator::FloorMod);
    if (const auto* node = expr.as<ModObj>()) return Binary(expr, node, &Evaluator::TruncMod);
    if (const auto* node = expr.as<MinObj>()) return Binary(expr, node, &Evaluator::Min);
    if (const auto* node = expr.as<MaxObj>()) return Binary(expr, node, &Evaluator::Max);
    if (const auto* node = expr.as<SelectObj>()) {
      return Union(Eval(node->true_value), Eval(node->false_value));
    }
    if (const auto* node = expr.as<BroadcastObj>()) return Eval(node->value);
    if (const auto* node = expr.as<RampObj>()) return Ramp(expr, node);
    if (const auto* node = expr.as<CastObj>()) return Cast(expr, node);
    // Unknown to the rules (a load, a call): a value of its own unless it varies.
    return UsesRelaxedVar(expr) ? IntervalSet::Everything() : IntervalSet::Point(expr);
  }

  using Rule = IntervalSet (Evaluator::*)(const IntervalSet&, const IntervalSet&, const Expr&);

  IntervalSet Binary(const Expr& expr, const BinaryOpObj* node, Rule rule) {
    IntervalSet a = Eval(node->a);
    IntervalSet b = Eval(node->b);
    if (IsPointOf(a, node->a) && IsPointOf(b, node->b)) return IntervalSet::Point(expr);
    return (this->*rule)(a, b, expr);
  }

  static bool IsPointOf(const IntervalSet& set, const Expr& expr) {
    return set.min() && set.max() && set.min()->same_as(expr) && set.max()->same_as(expr);
  }

  static std::optional<int64_t> ConstantPoint(const IntervalSet& set) {
    if (!set.IsSinglePoint()) return std::nullopt;
    return IntConstant(SimplifyLinear(*set.min()));
  }

  IntervalSet Add(const IntervalSet& a, const IntervalSet& b, const Expr&) {
    auto f = [](const Expr& x, const Expr& y) { return x + y; };
    return IntervalSet(Combine(a.min(), b.min(), f), Combine(a.max(), b.max(), f));
  }

  IntervalSet Sub(const IntervalSet& a, const IntervalSet& b, const Expr&) {
    auto f = [](const Expr& x, const Expr& y) { return x - y; };
    return IntervalSet(Combine(a.min(), b.max(), f), Combine(a.max(), b.min(), f));
  }

  /*! \brief `[lo(x), hi(x)]` of a monotone map x -> x op c, flipped when c < 0. */
  template <typename F>
  static IntervalSet Monotone(const IntervalSet& a, int64_t c, F f) {
    Bound lo = a.min() ? SimplifyBound(f(*a.min())) : std::nullopt;
    Bound hi = a.max() ? SimplifyBound(f(*a.max())) : std::nullopt;
    return c > 0 ? IntervalSet(lo, hi) : IntervalSet(hi, lo);
  }

  IntervalSet Mul(const IntervalSet& a, const IntervalSet& b, const Expr& expr) {
    if (a.IsSinglePoint() && b.IsSinglePoint()) {
      return IntervalSet::Point(SimplifyLinear(*a.min() * *b.min()));
    }
    const IntervalSet& set = ConstantPoint(b) ? a : b;
    std::optional<int64_t> c = ConstantPoint(b) ? ConstantPoint(b) : ConstantPoint(a);
    if (!c) return IntervalSet::Everything();  // a symbolic factor's sign is unknown
    if (*c == 0) return IntervalSet::Point(MakeConst(PrimType(expr.dtype()), int64_t{0}));
    return Monotone(set, *c, [&](const Expr& x) { return x * *c; });
  }

  template <bool kFloor>
  IntervalSet Divide(const IntervalSet& a, const IntervalSet& b, const Expr&) {
    std::optional<int64_t> c = ConstantPoint(b);
    if (!c || *c == 0) return IntervalSet::Everything();
    // Both roundings are monotone in the dividend for a fixed divisor.
    return Monotone(a, *c, [&](const Expr& x) {
      if (kFloor) {
        if (std::optional<Expr> exact = FloorDivLinear(x, *c)) return *exact;
      }
      Expr divisor = MakeConst(PrimType(x.dtype()), *c);
      return kFloor ? floordiv(x, divisor) : truncdiv(x, divisor);
    });
  }

  IntervalSet FloorMod(const IntervalSet& a, const IntervalSet& b, const Expr& expr) {
    std::optional<int64_t> c = ConstantPoint(b);
    if (!c || *c == 0) return IntervalSet::Everything();
    PrimType ty(expr.dtype());
    if (*c > 0) {
      // Within one period the remainder follows the dividend.
      std::optional<int64_t> lo = ConstantBound(a.min());
      std::optional<int64_t> hi = ConstantBound(a.max());
      auto floor_div = [&](int64_t x) { return x / *c - ((x % *c != 0) && (x < 0)); };
      if (lo && hi && floor_div(*lo) == floor_div(*hi)) {
        int64_t q = floor_div(*lo);
        return IntervalSet(MakeConst(ty, *lo - q * *c), MakeConst(ty, *hi - q * *c));
      }
      return IntervalSet(MakeConst(ty, int64_t{0}), MakeConst(ty, *c - 1));
    }
    return IntervalSet(MakeConst(ty, *c + 1), MakeConst(ty, -*c - 1));
  }

  IntervalSet TruncMod(const IntervalSet& a, const IntervalSet& b, const Expr& expr) {
    std::optional<int64_t> c = ConstantPoint(b);
    if (!c || *c == 0) return IntervalSet::Everything();
    PrimType ty(expr.dtype());
    int64_t bound = (*c > 0 ? *c : -*c) - 1;
    std::optional<int64_t> lo = ConstantBound(a.min());
    // The remainder takes the dividend's sign.
    int64_t low = lo && *lo >= 0 ? 0 : -bound;
    return IntervalSet(MakeConst(ty, low), MakeConst(ty, bound));
  }

  IntervalSet Min(const IntervalSet& a, const IntervalSet& b, const Expr&) {
    Bound lo = a.min() && b.min() ? Bound(Pick(*a.min(), *b.min(), true)) : std::nullopt;
    Bound hi = !a.max() ? b.max() : !b.max() ? a.max() : Bound(Pick(*a.max(), *b.max(), true));
    return IntervalSet(lo, hi);
  }

  IntervalSet Max(const IntervalSet& a, const IntervalSet& b, const Expr&) {
    Bound lo = !a.min() ? b.min() : !b.min() ? a.min() : Bound(Pick(*a.min(), *b.min(), false));
    Bound hi = a.max() && b.max() ? Bound(Pick(*a.max(), *b.max(), false)) : std::nullopt;
    return IntervalSet(lo, hi);
  }

  IntervalSet Ramp(const Expr& expr, const RampObj* node) {
    IntervalSet base = Eval(node->base);
    std::optional<int64_t> stride = IntConstant(node->stride);
    if (!stride) return UsesRelaxedVar(expr) ? IntervalSet::Everything() : base;
    // The lanes reach base + stride * (lanes - 1), below or above the base.
    int64_t span = *stride * (node->lanes - 1);
    Expr offset = MakeConst(PrimType(node->base.dtype()), span);
    auto shifted = [&](const Bound& bound) {
      return bound ? SimplifyBound(*bound + offset) : std::nullopt;
    };
    return span >= 0 ? IntervalSet(base.min(), shifted(base.max()))
                     : IntervalSet(shifted(base.min()), base.max());
  }

  IntervalSet Cast(const Expr& expr, const CastObj* node) {
    IntervalSet value = Eval(node->value);
    if (IsPointOf(value, node->value)) return IntervalSet::Point(expr);
    ffi::DataType to = expr.dtype();
    ffi::DataType from = node->value.dtype();
    // Only a widening integer cast keeps the order of values (a narrowing one wraps around).
    if (!to.is_int() || !from.is_int() || to.bits() < from.bits()) {
      return IntervalSet::Everything();
    }
    auto cast = [&](const Bound& bound) {
      return bound ? Bound(ImplicitCast(PrimType(to), *bound)) : std::nullopt;
    };
    return IntervalSet(cast(value.min()), cast(value.max()));
  }

  bool UsesRelaxedVar(const Expr& expr) const {
    std::optional<refl::WalkInterrupt> found = refl::StructuralWalk(
        expr,
        [this](const ir::VarObj* var) {
          return domains_.count(var) != 0 ? refl::WalkResult::Interrupt()
                                          : refl::WalkResult::Advance();
        },
        refl::WalkOrder::kPreOrder);
    return found.has_value();
  }

  const DomainMap& domains_;
  size_t depth_ = 0;
};

}  // namespace

IntervalSet IntervalSet::FromRange(const ir::Range& range) {
  return IntervalSet(range->start, SimplifyBound(range->end - 1));
}

bool IntervalSet::IsSinglePoint() const {
  if (!min_ || !max_) return false;
  return min_->same_as(*max_) || ConstantDifference(*max_, *min_) == std::optional<int64_t>(0);
}

ir::Range IntervalSet::CoverRange(const ir::Range& whole) const {
  std::optional<Expr> end = max_ ? SimplifyBound(*max_ + 1) : std::nullopt;
  if (!min_ || !end) return whole;
  return ir::Range(*min_, *end);
}

IntervalSet EvalSet(const Expr& expr, const DomainMap& domains) {
  return Evaluator(domains).Eval(expr);
}

namespace {

/*! \brief `var op bound`, from a comparison with the variable on either side. */
struct VarBound {
  const ir::VarObj* var = nullptr;
  enum Kind { kLess, kLessEqual, kGreater, kGreaterEqual } kind = kLess;
  Expr bound;
};

std::optional<VarBound> AsVarBound(const Expr& condition, const DomainMap& domains) {
  const auto* cmp = condition.as<BinaryOpObj>();
  if (cmp == nullptr) return std::nullopt;
  std::optional<VarBound::Kind> kind;
  if (condition.as<LTObj>()) kind = VarBound::kLess;
  if (condition.as<LEObj>()) kind = VarBound::kLessEqual;
  if (condition.as<GTObj>()) kind = VarBound::kGreater;
  if (condition.as<GEObj>()) kind = VarBound::kGreaterEqual;
  if (!kind) return std::nullopt;
  auto is_point = [&](const Expr& e) {
    IntervalSet set = EvalSet(e, domains);
    return set.min() && set.min()->same_as(e);
  };
  const auto* left = cmp->a.as<ir::VarObj>();
  if (left != nullptr && domains.count(left) != 0 && is_point(cmp->b)) {
    return VarBound{left, *kind, cmp->b};
  }
  const auto* right = cmp->b.as<ir::VarObj>();
  if (right != nullptr && domains.count(right) != 0 && is_point(cmp->a)) {
    // `e < v` is `v > e`: the same bound seen from the variable.
    static constexpr VarBound::Kind kMirror[] = {VarBound::kGreater, VarBound::kGreaterEqual,
                                                 VarBound::kLess, VarBound::kLessEqual};
    return VarBound{right, kMirror[*kind], cmp->a};
  }
  return std::nullopt;
}

/*! \brief The tighter of a known bound and a new one, when they compare. */
std::optional<Expr> Tighter(const std::optional<Expr>& known, const Expr& bound, bool upper) {
  if (!known) return bound;
  std::optional<int64_t> diff = ConstantDifference(bound, *known);
  if (!diff) return known;
  return (upper ? *diff < 0 : *diff > 0) ? bound : *known;
}

void Narrow(const VarBound& fact, DomainMap* domains) {
  IntervalSet& set = (*domains)[fact.var];
  std::optional<Expr> lo = set.min(), hi = set.max();
  switch (fact.kind) {
    case VarBound::kLess:
      if (auto bound = SimplifyBound(fact.bound - 1)) hi = Tighter(hi, *bound, true);
      break;
    case VarBound::kLessEqual:
      hi = Tighter(hi, fact.bound, true);
      break;
    case VarBound::kGreater:
      if (auto bound = SimplifyBound(fact.bound + 1)) lo = Tighter(lo, *bound, false);
      break;
    case VarBound::kGreaterEqual:
      lo = Tighter(lo, fact.bound, false);
      break;
  }
  set = IntervalSet(lo, hi);
}

}  // namespace

DomainMap AssumeCondition(const Expr& condition, const DomainMap& domains, bool holds) {
  DomainMap narrowed = domains;
  if (const auto* both = condition.as<AndObj>()) {
    if (!holds) return narrowed;  // `not (a and b)` says nothing about either alone
    narrowed = AssumeCondition(both->a, narrowed, true);
    return AssumeCondition(both->b, narrowed, true);
  }
  if (const auto* negated = condition.as<NotObj>())
    return AssumeCondition(negated->a, domains, !holds);
  std::optional<VarBound> fact = AsVarBound(condition, domains);
  if (!fact) return narrowed;
  if (!holds) {
    // not (v < e) is v >= e, and so on.
    static constexpr VarBound::Kind kNegated[] = {VarBound::kGreaterEqual, VarBound::kGreater,
                                                  VarBound::kLessEqual, VarBound::kLess};
    fact->kind = kNegated[fact->kind];
  }
  Narrow(*fact, &narrowed);
  return narrowed;
}

IntervalSet Union(const IntervalSet& a, const IntervalSet& b) {
  Bound lo = a.min() && b.min() ? Bound(Pick(*a.min(), *b.min(), true)) : std::nullopt;
  Bound hi = a.max() && b.max() ? Bound(Pick(*a.max(), *b.max(), false)) : std::nullopt;
  return IntervalSet(lo, hi);
}

}  // namespace arith
}  // namespace tirx
}  // namespace tvm
