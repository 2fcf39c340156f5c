/*!
 * \file call.cc
 * \brief Calls (with result-type inference), global variables and modules.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/call.h>

namespace tvm {
namespace ir {
namespace {

/*! \brief The type a call's result would have: the op's rule, a function's return type, or Missing.
 */
Type InferCallType(const Expr& op, const ffi::Array<Expr>& args,
                   const ffi::Map<ffi::String, ffi::Any>& attrs, const ffi::Array<Type>& ty_args) {
  if (const auto* op_node = op.as<OpObj>()) {
    std::optional<ffi::Any> rule = GetRef<Op>(op_node).GetAttr(kOpTypeRule);
    if (!rule.has_value()) return Type::Missing();
    return rule->cast<ffi::Function>()(args, attrs, ty_args).cast<Type>();
  }
  if (const auto* func_type = op->ty.as<FuncTypeObj>()) {
    return func_type->ret_type.defined() ? func_type->ret_type : Type::Missing();
  }
  return Type::Missing();
}

}  // namespace

GlobalVar::GlobalVar(ffi::String name_hint, Type ty, Span span)
    : Expr(ffi::make_object<GlobalVarObj>()) {
  auto* node = const_cast<GlobalVarObj*>(get());
  node->name_hint = std::move(name_hint);
  node->ty = std::move(ty);
  node->span = std::move(span);
}

Call::Call(Expr op, ffi::Array<Expr> args, CallOptions options) {
  if (!op.defined()) TVM_FFI_THROW(ValueError) << "`ir.Call.op` is None";
  for (const Expr& arg : args) {
    if (!arg.defined()) TVM_FFI_THROW(ValueError) << "`ir.Call.args` holds None";
  }
  ffi::ObjectPtr<CallObj> node = ffi::make_object<CallObj>();
  node->ty = options.ty.has_value() ? *options.ty
                                    : InferCallType(op, args, options.attrs, options.ty_args);
  node->span = std::move(options.span);
  node->op = std::move(op);
  node->args = std::move(args);
  node->attrs = std::move(options.attrs);
  node->ty_args = std::move(options.ty_args);
  data_ = std::move(node);
}

void Call::Validate() const {
  const auto* op = get()->op.as<OpObj>();
  if (op == nullptr) return;
  int64_t given = static_cast<int64_t>(get()->args.size());
  if (op->num_args >= 0 && given != op->num_args) {
    TVM_FFI_THROW(TypeError) << "Operator `" << op->name << "` takes " << op->num_args
                             << " argument" << (op->num_args == 1 ? "" : "s") << ", got " << given;
  }
  std::optional<ffi::Any> validate = GetRef<Op>(op).GetAttr(kOpValidate);
  if (validate.has_value()) {
    validate->cast<ffi::Function>()(*this);
    return;
  }
  // Without a dedicated check, the type rule is the contract: it throws on bad arguments.
  InferCallType(get()->op, get()->args, get()->attrs, get()->ty_args);
}

IRModule::IRModule(ffi::Map<GlobalVar, Expr> functions, ffi::Map<ffi::String, ffi::Any> attrs,
                   GlobalInfos global_infos)
    : ObjectRef(ffi::make_object<IRModuleObj>()) {
  auto* node = const_cast<IRModuleObj*>(get());
  node->functions = std::move(functions);
  node->attrs = std::move(attrs);
  node->global_infos = std::move(global_infos);
}

GlobalVar IRModule::GetGlobalVar(const std::string& name) const {
  for (const auto& [var, func] : get()->functions) {
    if (var->name_hint.view() == name) return var;
  }
  TVM_FFI_THROW(KeyError) << "Module has no function `" << name << "`";
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<GlobalVarObj>()
      .def_init([](ffi::String name_hint) { return GlobalVar(std::move(name_hint)); },
                {"name_hint"})
      .def_ro("name_hint", &GlobalVarObj::name_hint);
  refl::ObjectDef<CallObj>()
      .def_init(
          [](Expr op, ffi::Array<Expr> args, ffi::Map<ffi::String, ffi::Any> attrs,
             ffi::Array<Type> ty_args, ffi::Optional<Type> ty) {
            return Call(
                std::move(op), std::move(args),
                CallOptions{std::move(attrs), std::move(ty_args), std::move(ty), Span::Unknown()});
          },
          {"op", "args", "attrs", "ty_args", "ty"})
      .def(
          "validate", [](Call call) { call.Validate(); }, "Checks the op's contract.")
      .def_ro("op", &CallObj::op)
      .def_ro("args", &CallObj::args)
      .def_ro("attrs", &CallObj::attrs)
      .def_ro("ty_args", &CallObj::ty_args);
  refl::ObjectDef<GlobalInfoObj>();
  refl::ObjectDef<IRModuleObj>()
      .def_init(
          [](ffi::Map<GlobalVar, Expr> functions, ffi::Map<ffi::String, ffi::Any> attrs,
             ffi::Optional<GlobalInfos> global_infos) {
            return IRModule(std::move(functions), std::move(attrs),
                            global_infos.value_or(GlobalInfos()));
          },
          {"functions", "attrs", "global_infos"})
      .def("get_global_var",
           [](IRModule mod, const std::string& name) { return mod.GetGlobalVar(name); })
      .def_ro("functions", &IRModuleObj::functions)
      .def_ro("attrs", &IRModuleObj::attrs)
      .def_ro("global_infos", &IRModuleObj::global_infos);
}

}  // namespace ir
}  // namespace tvm
