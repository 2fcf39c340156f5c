/*!
 * \file intrinsics.cc
 * \brief The float math intrinsics (exp, log, pow, fma, ...) and CallIntrinsic.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/intrinsic_spec.h>
#include <tvm/tirx/intrinsics.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using enum CallEffect;
using enum PrintStyle;

/*! \brief The rule of a float intrinsic: float operands of one type, the result of that type. */
Type FloatRule(const ffi::Array<Expr>& args, const char* op) {
  ffi::DataType first = OperandDType(args[0], op, "args");
  for (const Expr& arg : args) {
    ffi::DataType t = OperandDType(arg, op, "args");
    if (!(t.is_float() || t.is_bfloat())) {
      TVM_FFI_THROW(TypeError) << "`" << op << "` needs float arguments, got `" << t.ToString()
                               << "`";
    }
    if (t != first) {
      TVM_FFI_THROW(TypeError) << "`" << op << "` needs arguments of one type, got `"
                               << first.ToString() << "` and `" << t.ToString() << "`";
    }
  }
  return args[0]->ty;
}

/*! \brief The float math intrinsics: each pure, printed `T.<name>(args...)`. */
constexpr IntrinsicSpec kMathIntrinsics[] = {
    {"exp", 1, 1, FloatRule, kPure, kCall, "e ** x"},
    {"exp2", 1, 1, FloatRule, kPure, kCall, "2 ** x"},
    {"exp10", 1, 1, FloatRule, kPure, kCall, "10 ** x"},
    {"log", 1, 1, FloatRule, kPure, kCall, "natural log"},
    {"log2", 1, 1, FloatRule, kPure, kCall, "base-2 log"},
    {"log10", 1, 1, FloatRule, kPure, kCall, "base-10 log"},
    {"sqrt", 1, 1, FloatRule, kPure, kCall, "square root"},
    {"rsqrt", 1, 1, FloatRule, kPure, kCall, "1 / sqrt(x)"},
    {"tanh", 1, 1, FloatRule, kPure, kCall, "hyperbolic tangent"},
    {"sigmoid", 1, 1, FloatRule, kPure, kCall, "1 / (1 + e ** -x)"},
    {"sin", 1, 1, FloatRule, kPure, kCall, "sine"},
    {"cos", 1, 1, FloatRule, kPure, kCall, "cosine"},
    {"tan", 1, 1, FloatRule, kPure, kCall, "tangent"},
    {"erf", 1, 1, FloatRule, kPure, kCall, "error function"},
    {"fabs", 1, 1, FloatRule, kPure, kCall, "absolute value"},
    {"floor", 1, 1, FloatRule, kPure, kCall, "round down"},
    {"ceil", 1, 1, FloatRule, kPure, kCall, "round up"},
    {"round", 1, 1, FloatRule, kPure, kCall, "round half to even"},
    {"trunc", 1, 1, FloatRule, kPure, kCall, "round toward zero"},
    {"log1p", 1, 1, FloatRule, kPure, kCall, "log(1 + x), exact near 0"},
    {"asin", 1, 1, FloatRule, kPure, kCall, "arc sine"},
    {"acos", 1, 1, FloatRule, kPure, kCall, "arc cosine"},
    {"atan", 1, 1, FloatRule, kPure, kCall, "arc tangent"},
    {"sinh", 1, 1, FloatRule, kPure, kCall, "hyperbolic sine"},
    {"cosh", 1, 1, FloatRule, kPure, kCall, "hyperbolic cosine"},
    {"asinh", 1, 1, FloatRule, kPure, kCall, "inverse hyperbolic sine"},
    {"acosh", 1, 1, FloatRule, kPure, kCall, "inverse hyperbolic cosine"},
    {"atanh", 1, 1, FloatRule, kPure, kCall, "inverse hyperbolic tangent"},
    {"nearbyint", 1, 1, FloatRule, kPure, kCall,
     "round to integer in the current rounding mode (half to even)"},
    {"pow", 2, 2, FloatRule, kPure, kCall, "x ** y"},
    {"fmod", 2, 2, FloatRule, kPure, kCall, "float remainder"},
    {"hypot", 2, 2, FloatRule, kPure, kCall, "sqrt(x ** 2 + y ** 2) without overflow"},
    {"atan2", 2, 2, FloatRule, kPure, kCall,
     "the angle of the point (x2, x1): atan(x1 / x2) in the right quadrant"},
    {"copysign", 2, 2, FloatRule, kPure, kCall, "the magnitude of x1 with the sign of x2"},
    {"nextafter", 2, 2, FloatRule, kPure, kCall, "the next representable float after x1 toward x2"},
    {"fma", 3, 3, FloatRule, kPure, kCall, "x * y + z, rounded once"},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kMathIntrinsics) RegisterIntrinsic(spec);
  namespace refl = tvm::ffi::reflection;
  refl::GlobalDef().def(
      "tirx.CallIntrinsic",
      [](const std::string& name, ffi::Array<Expr> args) {
        return CallIntrinsic(name, std::move(args));
      },
      "tirx.<name>(args...) with the op's type rule applied.");
}

}  // namespace

Expr CallIntrinsic(const std::string& name, ffi::Array<Expr> args, Span span) {
  ir::Op op = ir::Op::Get("tirx." + name);
  ir::CallOptions options;
  options.span = std::move(span);
  return ir::Call(op, std::move(args), std::move(options));
}

}  // namespace tirx
}  // namespace tvm
