/*!
 * \file intrinsic_spec.cc
 * \brief RegisterIntrinsic: an IntrinsicSpec row becomes the op `tirx.<name>` with its doc, its
 *  count-checked type rule and contract check, and its reflected IntrinsicInfo.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/intrinsic_spec.h>

#include <string>
#include <utility>

namespace tvm {
namespace tirx {
namespace {

constexpr PrintStyle kPrintStyles[] = {
    PrintStyle::kCall,         PrintStyle::kCallTyUnlessInt32, PrintStyle::kCallTyUnlessMissing,
    PrintStyle::kCallTypeLast, PrintStyle::kDataField,         PrintStyle::kCallTypedConstants};

std::string ArgCountText(int64_t min_args, int64_t max_args) {
  if (max_args == kUnboundedArgs) return "at least " + std::to_string(min_args) + " arguments";
  if (min_args == max_args) {
    return std::to_string(min_args) + (min_args == 1 ? " argument" : " arguments");
  }
  return std::to_string(min_args) + " to " + std::to_string(max_args) + " arguments";
}

/*! \brief FInferType: the count, then the spec's rule. */
ffi::Function CountedRule(const IntrinsicSpec& spec, const std::string& op) {
  return ffi::Function::FromTyped(
      [op, min_args = spec.min_args, max_args = spec.max_args, rule = spec.rule](
          ffi::Array<Expr> args, ffi::Map<ffi::String, ffi::Any>, ffi::Array<Type>) -> Type {
        CheckArgCount(op, min_args, max_args, static_cast<int64_t>(args.size()));
        return rule(args, op.c_str());
      },
      op + ".type_rule");
}

/*! \brief FValidate of a built call: the count, the rule (when there is one), the check. */
ffi::Function Contract(const IntrinsicSpec& spec, const std::string& op) {
  return ffi::Function::FromTyped(
      [op, min_args = spec.min_args, max_args = spec.max_args, rule = spec.rule,
       check = spec.check](ir::Call call) {
        CheckArgCount(op, min_args, max_args, static_cast<int64_t>(call->args.size()));
        if (rule != nullptr) rule(call->args, op.c_str());
        if (check != nullptr) check(call, op.c_str());
      },
      op + ".validate");
}

}  // namespace

const char* PrintStyleName(PrintStyle style) {
  switch (style) {
    case PrintStyle::kCall:
      return "call";
    case PrintStyle::kCallTyUnlessInt32:
      return "call_ty_unless_int32";
    case PrintStyle::kCallTyUnlessMissing:
      return "call_ty_unless_missing";
    case PrintStyle::kCallTypeLast:
      return "call_type_last";
    case PrintStyle::kDataField:
      return "data_field";
    case PrintStyle::kCallTypedConstants:
      return "call_typed_constants";
  }
  return "call";
}

PrintStyle IntrinsicInfoObj::style() const {
  for (PrintStyle style : kPrintStyles) {
    if (print_style == PrintStyleName(style)) return style;
  }
  TVM_FFI_THROW(ValueError) << "Unknown intrinsic print style `" << print_style << "`";
}

IntrinsicInfo::IntrinsicInfo(const IntrinsicSpec& spec) {
  ffi::ObjectPtr<IntrinsicInfoObj> node = ffi::make_object<IntrinsicInfoObj>();
  node->min_args = spec.min_args;
  node->max_args = spec.max_args;
  node->effect = static_cast<int64_t>(spec.effect);
  node->print_style = PrintStyleName(spec.style);
  node->member = spec.member != nullptr ? spec.member : "";
  data_ = std::move(node);
}

void CheckArgCount(const std::string& op, int64_t min_args, int64_t max_args, int64_t count) {
  if (count >= min_args && (max_args == kUnboundedArgs || count <= max_args)) return;
  TVM_FFI_THROW(TypeError) << "`" << op << "` takes " << ArgCountText(min_args, max_args)
                           << ", got " << count;
}

void RegisterIntrinsic(const IntrinsicSpec& spec) {
  std::string name = std::string("tirx.") + spec.name;
  if (spec.min_args < 0 || (spec.max_args != kUnboundedArgs && spec.max_args < spec.min_args)) {
    TVM_FFI_THROW(ValueError) << "`" << name << "` has an empty argument count range";
  }
  if (std::optional<ir::Op> known = ir::Op::Find(name); known && IntrinsicInfoOf(*known)) {
    TVM_FFI_THROW(ValueError) << "`" << name << "` is registered as an intrinsic already";
  }
  ir::OpRegistry op = ir::OpRegistry::Register(name);
  op.set_doc(spec.doc)
      .set_num_args(spec.min_args == spec.max_args ? spec.min_args : -1)
      .set_attr(ir::kOpValidate, Contract(spec, name))
      .set_attr(kOpIntrinsic, IntrinsicInfo(spec));
  if (spec.rule != nullptr) op.set_attr(ir::kOpTypeRule, CountedRule(spec, name));
}

std::optional<IntrinsicInfo> IntrinsicInfoOf(const ir::Op& op) {
  std::optional<ffi::Any> info = op.GetAttr(kOpIntrinsic);
  if (!info.has_value()) return std::nullopt;
  return info->as<IntrinsicInfo>();
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<IntrinsicInfoObj>()
      .def_ro("min_args", &IntrinsicInfoObj::min_args)
      .def_ro("max_args", &IntrinsicInfoObj::max_args)
      .def_ro("effect", &IntrinsicInfoObj::effect)
      .def_ro("print_style", &IntrinsicInfoObj::print_style)
      .def_ro("member", &IntrinsicInfoObj::member);
  refl::GlobalDef().def(
      "tirx.IntrinsicNames",
      []() {
        ffi::Array<ffi::String> names;
        for (const std::string& name : ir::Op::ListNames()) {
          if (IntrinsicInfoOf(ir::Op::Get(name))) names.push_back(name);
        }
        return names;
      },
      "The registered intrinsic ops (`tirx.<name>` with a `TIntrinsic` attribute), sorted.");
}

}  // namespace tirx
}  // namespace tvm
