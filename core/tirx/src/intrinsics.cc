/*!
 * \file intrinsics.cc
 * \brief Registration of the math intrinsics with their type rules.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/intrinsics.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

struct IntrinsicSpec {
  const char* name;
  int64_t num_args;
  const char* doc;
};

constexpr IntrinsicSpec kMathIntrinsics[] = {
    {"exp", 1, "e ** x"},
    {"exp2", 1, "2 ** x"},
    {"exp10", 1, "10 ** x"},
    {"log", 1, "natural log"},
    {"log2", 1, "base-2 log"},
    {"log10", 1, "base-10 log"},
    {"sqrt", 1, "square root"},
    {"rsqrt", 1, "1 / sqrt(x)"},
    {"tanh", 1, "hyperbolic tangent"},
    {"sigmoid", 1, "1 / (1 + e ** -x)"},
    {"sin", 1, "sine"},
    {"cos", 1, "cosine"},
    {"tan", 1, "tangent"},
    {"erf", 1, "error function"},
    {"fabs", 1, "absolute value"},
    {"floor", 1, "round down"},
    {"ceil", 1, "round up"},
    {"round", 1, "round half to even"},
    {"trunc", 1, "round toward zero"},
    {"log1p", 1, "log(1 + x), exact near 0"},
    {"asin", 1, "arc sine"},
    {"acos", 1, "arc cosine"},
    {"atan", 1, "arc tangent"},
    {"sinh", 1, "hyperbolic sine"},
    {"cosh", 1, "hyperbolic cosine"},
    {"asinh", 1, "inverse hyperbolic sine"},
    {"acosh", 1, "inverse hyperbolic cosine"},
    {"atanh", 1, "inverse hyperbolic tangent"},
    {"nearbyint", 1, "round to integer in the current rounding mode (half to even)"},
    {"pow", 2, "x ** y"},
    {"fmod", 2, "float remainder"},
    {"hypot", 2, "sqrt(x ** 2 + y ** 2) without overflow"},
    {"atan2", 2, "the angle of the point (x2, x1): atan(x1 / x2) in the right quadrant"},
    {"copysign", 2, "the magnitude of x1 with the sign of x2"},
    {"nextafter", 2, "the next representable float after x1 toward x2"},
    {"fma", 3, "x * y + z, rounded once"},
};

/*! \brief The type rule of a float intrinsic: count, float operands of one type, result that type.
 */
ffi::Function FloatRule(std::string op_name, int64_t num_args) {
  return ffi::Function::FromTyped(
      [op_name, num_args](ffi::Array<Expr> args, ffi::Map<ffi::String, ffi::Any>,
                          ffi::Array<Type>) -> Type {
        if (static_cast<int64_t>(args.size()) != num_args) {
          TVM_FFI_THROW(TypeError) << "`" << op_name << "` takes " << num_args << " argument"
                                   << (num_args == 1 ? "" : "s") << ", got " << args.size();
        }
        ffi::DataType first = OperandDType(args[0], op_name.c_str(), "args");
        for (const Expr& arg : args) {
          ffi::DataType t = OperandDType(arg, op_name.c_str(), "args");
          if (!(t.is_float() || t.is_bfloat())) {
            TVM_FFI_THROW(TypeError)
                << "`" << op_name << "` needs float arguments, got `" << t.ToString() << "`";
          }
          if (t != first) {
            TVM_FFI_THROW(TypeError) << "`" << op_name << "` needs arguments of one type, got `"
                                     << first.ToString() << "` and `" << t.ToString() << "`";
          }
        }
        return args[0]->ty;
      },
      op_name + ".type_rule");
}

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kMathIntrinsics) {
    std::string name = std::string("tirx.") + spec.name;
    ir::OpRegistry::Register(name)
        .set_doc(spec.doc)
        .set_num_args(spec.num_args)
        .set_attr(ir::kOpTypeRule, FloatRule(name, spec.num_args));
  }
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

const std::vector<std::string>& MathIntrinsicNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> result;
    for (const IntrinsicSpec& spec : kMathIntrinsics) result.emplace_back(spec.name);
    return result;
  }();
  return names;
}

}  // namespace tirx
}  // namespace tvm
