/*!
 * \file linear_form.cc
 * \brief Integer expressions as sums of constant multiples of terms (linear_form_internal.h).
 */
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ffi/stack_guard.h>
#include <tvm/tirx/op.h>

#include "linear_form_internal.h"
#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

/*! \brief Adds `scale * expr` to the form; false on an overflow. */
bool Accumulate(const Expr& expr, int64_t scale, LinearForm* form, size_t depth = 0) {
  ffi::CheckStackDepth("linear form", depth);
  auto scaled_add = [](int64_t* into, int64_t value, int64_t by) {
    int64_t product = 0;
    return !__builtin_mul_overflow(value, by, &product) &&
           !__builtin_add_overflow(*into, product, into);
  };
  if (std::optional<int64_t> value = IntConstant(expr)) {
    return scaled_add(&form->constant, *value, scale);
  }
  if (const auto* node = expr.as<AddObj>()) {
    return Accumulate(node->a, scale, form, depth + 1) &&
           Accumulate(node->b, scale, form, depth + 1);
  }
  if (const auto* node = expr.as<SubObj>()) {
    int64_t negated = 0;
    if (__builtin_mul_overflow(scale, int64_t{-1}, &negated)) return false;
    return Accumulate(node->a, scale, form, depth + 1) &&
           Accumulate(node->b, negated, form, depth + 1);
  }
  if (const auto* node = expr.as<MulObj>()) {
    std::optional<int64_t> a = IntConstant(node->a);
    std::optional<int64_t> b = IntConstant(node->b);
    int64_t product = 0;
    if (b && !__builtin_mul_overflow(scale, *b, &product)) {
      return Accumulate(node->a, product, form, depth + 1);
    }
    if (a && !__builtin_mul_overflow(scale, *a, &product)) {
      return Accumulate(node->b, product, form, depth + 1);
    }
  }
  for (auto& [term, coefficient] : form->terms) {
    if (ffi::reflection::StructuralEqual(term, expr)) {
      int64_t sum = 0;
      if (!scaled_add(&sum, 1, scale) || __builtin_add_overflow(coefficient, sum, &coefficient)) {
        return false;
      }
      return true;
    }
  }
  form->terms.emplace_back(expr, scale);
  return true;
}

}  // namespace

bool IsScalarInteger(const Expr& expr) {
  const auto* prim = expr.defined() ? expr->ty.as<ir::PrimTypeObj>() : nullptr;
  return prim != nullptr && (prim->dtype.is_int() || prim->dtype.is_uint()) &&
         prim->dtype.lanes() == 1;
}

std::optional<int64_t> IntConstant(const Expr& expr) {
  const auto* imm = expr.as<IntImmObj>();
  if (imm == nullptr || !IsScalarInteger(expr)) return std::nullopt;
  return imm->value;
}

std::optional<LinearForm> ToLinearForm(const Expr& expr) {
  if (!IsScalarInteger(expr)) return std::nullopt;
  LinearForm form;
  form.dtype = expr.dtype();
  if (!form.dtype.is_int()) return std::nullopt;  // a negative coefficient needs a signed type
  if (!Accumulate(expr, 1, &form)) return std::nullopt;
  // Rebuilding must not make a constant the type cannot hold.
  if (!IntegerFits(form.dtype, form.constant)) return std::nullopt;
  for (const auto& [term, coefficient] : form.terms) {
    (void)term;
    if (!IntegerFits(form.dtype, coefficient) || !IntegerFits(form.dtype, -__int128{coefficient})) {
      return std::nullopt;
    }
  }
  return form;
}

Expr FromLinearForm(const LinearForm& form) {
  PrimType ty(form.dtype);
  auto scaled = [&](const Expr& term, int64_t magnitude) {
    return magnitude == 1 ? term : mul(term, MakeConst(ty, magnitude));
  };
  std::optional<Expr> result;
  // Positive terms first, so `16 - i` reads as it is written and not as `i * -1 + 16`.
  for (const auto& [term, coefficient] : form.terms) {
    if (coefficient > 0)
      result = result ? add(*result, scaled(term, coefficient)) : scaled(term, coefficient);
  }
  bool constant_placed = false;
  if (!result && form.constant != 0) {
    result = MakeConst(ty, form.constant);
    constant_placed = true;
  }
  for (const auto& [term, coefficient] : form.terms) {
    if (coefficient >= 0) continue;
    if (!result) {
      result = mul(term, MakeConst(ty, coefficient));
    } else if (coefficient == INT64_MIN) {  // no positive counterpart to subtract
      result = add(*result, mul(term, MakeConst(ty, coefficient)));
    } else {
      result = sub(*result, scaled(term, -coefficient));
    }
  }
  if (!result) return MakeConst(ty, int64_t{0});
  if (!constant_placed && form.constant != 0) {
    result = form.constant > 0 || form.constant == INT64_MIN
                 ? add(*result, MakeConst(ty, form.constant))
                 : sub(*result, MakeConst(ty, -form.constant));
  }
  return *result;
}

Expr SimplifyLinear(const Expr& expr) {
  std::optional<LinearForm> form = ToLinearForm(expr);
  return form ? FromLinearForm(*form) : expr;
}

std::optional<Expr> FloorDivLinear(const Expr& x, int64_t c) {
  std::optional<LinearForm> form = ToLinearForm(x);
  if (!form || c <= 0) return std::nullopt;
  for (auto& [term, coefficient] : form->terms) {
    (void)term;
    if (coefficient % c != 0) return std::nullopt;
    coefficient /= c;
  }
  form->constant = form->constant / c - (form->constant % c != 0 && form->constant < 0);
  return FromLinearForm(*form);
}

std::optional<Expr> SimplifyBound(const Expr& expr) {
  std::optional<LinearForm> form = ToLinearForm(expr);
  if (form) return FromLinearForm(*form);
  const auto* prim = expr->ty.as<ir::PrimTypeObj>();
  if (prim != nullptr && prim->dtype.is_int() && prim->dtype.lanes() == 1) return std::nullopt;
  return expr;
}

std::optional<int64_t> ConstantDifference(const Expr& a, const Expr& b) {
  std::optional<LinearForm> fa = ToLinearForm(a);
  std::optional<LinearForm> fb = ToLinearForm(b);
  if (!fa || !fb) return std::nullopt;
  LinearForm diff = *fa;
  for (const auto& [term, coefficient] : fb->terms) {
    if (coefficient == INT64_MIN || !Accumulate(term, -coefficient, &diff)) return std::nullopt;
  }
  for (const auto& [term, coefficient] : diff.terms) {
    (void)term;
    if (coefficient != 0) return std::nullopt;
  }
  int64_t result = 0;
  if (__builtin_sub_overflow(diff.constant, fb->constant, &result)) return std::nullopt;
  return result;
}

}  // namespace tirx
}  // namespace tvm
