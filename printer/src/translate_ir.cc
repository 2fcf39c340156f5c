/*!
 * \file translate_ir.cc
 * \brief Shared IR: variables, global variables, operators, calls, ranges and modules.
 *
 * A Call of an operator with a hook (kOpDocTranslate, e.g. the math intrinsics `T.exp(x)`)
 * prints through that hook; any other operator call prints raw as
 * `I.Call(T.Op.get("name"), [args], ty=...)`, which keeps every field.
 */
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ir/call.h>
#include <tvm/ir/target.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/intrinsics.h>

#include <algorithm>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

using ffi::Any;
using ffi::Array;
using ffi::String;

/*! \brief `Module.f` inside a module, else `f`. */
ExprDoc GlobalVarDoc(const ir::GlobalVar& gv, const DocTranslator& t) {
  if (std::optional<std::string> alias = t.module_alias()) {
    return IdDoc(*alias).Attr(gv->name_hint);
  }
  return IdDoc(gv->name_hint);
}

ExprDoc OpDoc(const ir::Op& op, const AccessPath& p, const DocTranslator& t) {
  return TAttr(t, "Op").Attr("get").Call({t.AsExprDoc(op->name, p.Attr("name"))});
}

Array<ExprDoc> ArgDocs(const ir::Call& call, const AccessPath& p, const DocTranslator& t) {
  return t.AsExprDocs(Array<Any>(call->args.begin(), call->args.end()), p.Attr("args"));
}

Doc CallDocOf(const ir::Call& call, const AccessPath& p, const DocTranslator& t) {
  if (const auto* gv = call->op.as<ir::GlobalVarObj>()) {
    ExprDoc callee = WithPath(GlobalVarDoc(ffi::GetRef<ir::GlobalVar>(gv), t), p.Attr("op"));
    if (!t.module_alias().has_value()) return callee.Call(ArgDocs(call, p, t));
    // Between module functions the reference writes the raw call, its type explicit.
    return TAttr(t, "Call").Call({callee, ListDoc(ArgDocs(call, p, t))}, {"ty"},
                                 {t.AsExprDoc(call->ty, p.Attr("ty"))});
  }
  if (call->op.as<ir::OpObj>() == nullptr) {
    return t.AsExprDoc(call->op, p.Attr("op")).Call(ArgDocs(call, p, t));
  }
  // An operator without a hook of its own: the raw constructor, every field explicit.
  Array<String> keys;
  Array<ExprDoc> values;
  if (!call->attrs.empty()) {
    keys.push_back("attrs");
    values.push_back(t.AsExprDoc(call->attrs, p.Attr("attrs")));
  }
  if (!call->ty_args.empty()) {
    keys.push_back("ty_args");
    values.push_back(t.AsExprDoc(call->ty_args, p.Attr("ty_args")));
  }
  keys.push_back("ty");
  values.push_back(t.AsExprDoc(call->ty, p.Attr("ty")));
  ExprDoc op = t.AsExprDoc(call->op, p.Attr("op"));
  return IAttr(t, "Call").Call({op, ListDoc(ArgDocs(call, p, t))}, keys, values);
}

/*!
 * \brief Whether the call's type is what its op's rule gives its arguments (so a print without
 *  `ty=` reads back as the same call). A rule that rejects the arguments says no.
 */
bool TypeIsTheRules(const ir::Call& call) {
  std::optional<ffi::Any> rule =
      ffi::GetRef<ir::Op>(call->op.as<ir::OpObj>()).GetAttr(ir::kOpTypeRule);
  if (!rule.has_value()) return false;
  try {
    ir::Type ruled =
        rule->cast<ffi::Function>()(call->args, call->attrs, call->ty_args).cast<ir::Type>();
    return ffi::reflection::StructuralEqual(ruled, call->ty);
  } catch (const ffi::Error&) {
    return false;
  }
}

/*!
 * \brief `T.<name>(args...)` for the intrinsic `tirx.<name>`, with `ty=` when the call's type is
 *  not its rule's (`T.stack_alloca("float32", 4, ty=T.Ptr(T.float32))`), which the reference
 *  leaves out (a listed deviation, docs/printer.md: its print would read back as another type).
 */
FDocTranslate IntrinsicHook(const std::string& name) {
  return ffi::Function::FromTyped(
      [name](ir::Call call, AccessPath p, DocTranslator t) -> Doc {
        if (TypeIsTheRules(call)) return TAttr(t, name).Call(ArgDocs(call, p, t));
        return TAttr(t, name).Call(ArgDocs(call, p, t), {"ty"},
                                   {t.AsExprDoc(call->ty, p.Attr("ty"))});
      },
      "FDocTranslate<tirx." + name + ">");
}

/*!
 * \brief `T.<name>(args..., ty=T.int32)` for an intrinsic whose type is given, not deduced
 *  (reinterpret, call_extern, ...); without `ty` when it is Missing, as the reference prints.
 */
FDocTranslate TypedIntrinsicHook(const std::string& name) {
  return ffi::Function::FromTyped(
      [name](ir::Call call, AccessPath p, DocTranslator t) -> Doc {
        if (call->ty.as<ir::MissingTypeObj>() != nullptr) {
          return TAttr(t, name).Call(ArgDocs(call, p, t));
        }
        return TAttr(t, name).Call(ArgDocs(call, p, t), {"ty"},
                                   {t.AsExprDoc(call->ty, p.Attr("ty"))});
      },
      "FDocTranslate<tirx." + name + ">");
}

/*!
 * \brief `T.tvm_struct_get(arr, index, field, T.int32)`: the call's type last, positionally, as
 *  Apache TVM prints the op (its `TScriptDtypePrintLocation` is `kLast`).
 */
Doc StructGetDoc(const ir::Call& call, const AccessPath& p, const DocTranslator& t) {
  Array<ExprDoc> args = ArgDocs(call, p, t);
  args.push_back(t.AsExprDoc(call->ty, p.Attr("ty")));
  return TAttr(t, "tvm_struct_get").Call(args);
}

/*!
 * \brief A target's configuration dict as the reference prints it: its fields ("host" a nested
 *  dict, "keys", "kind", "tag") and options, every key sorted.
 */
ExprDoc TargetConfigDoc(const ir::Target& target, const AccessPath& p, const DocTranslator& t) {
  std::vector<std::pair<std::string, ExprDoc>> entries;
  if (target->host.has_value()) {
    entries.emplace_back("host",
                         TargetConfigDoc(target->host->cast<ir::Target>(), p.Attr("host"), t));
  }
  entries.emplace_back("keys", t.AsExprDoc(target->keys, p.Attr("keys")));
  entries.emplace_back("kind", t.AsExprDoc(target->kind, p.Attr("kind")));
  entries.emplace_back("tag", t.AsExprDoc(target->tag, p.Attr("tag")));
  for (const auto& [key, value] : target->attrs) {
    entries.emplace_back(key.cast<std::string>(), t.AsExprDoc(value, p.Attr("attrs").MapItem(key)));
  }
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  Array<ExprDoc> keys;
  Array<ExprDoc> values;
  for (auto& [key, value] : entries) {
    keys.push_back(LiteralDoc::Str(key));
    values.push_back(std::move(value));
  }
  return DictDoc(keys, values);
}

/*!
 * \brief `T.<name>(args...)` for an intrinsic of the call's type or int32 (undef, call_packed,
 *  ...): `ty=` only when it is not int32 (the reference leaves it out even then, and so reads
 *  `T.undef()` of a float back as an int32: a listed deviation of ours, docs/printer.md).
 */
FDocTranslate Int32DefaultIntrinsicHook(const std::string& name) {
  return ffi::Function::FromTyped(
      [name](ir::Call call, AccessPath p, DocTranslator t) -> Doc {
        const auto* prim = call->ty.as<ir::PrimTypeObj>();
        if (prim != nullptr && prim->dtype == ffi::DataType::Int(32)) {
          return TAttr(t, name).Call(ArgDocs(call, p, t));
        }
        return TAttr(t, name).Call(ArgDocs(call, p, t), {"ty"},
                                   {t.AsExprDoc(call->ty, p.Attr("ty"))});
      },
      "FDocTranslate<tirx." + name + ">");
}

/*!
 * \brief Names the symbols of the functions' parameter types at module level and emits their
 *  `n = T.dynamic("n", dtype="int32")` lines above the module, as the reference prints them: a
 *  symbol several functions share is one variable, which per-function `[n]` headers would
 *  split. Order of first occurrence, function by function; distinct symbols of one name get
 *  the usual `n_1` suffixes.
 */
void DefineModuleSymbols(const ir::IRModule& mod, const AccessPath& p, const DocTranslator& t) {
  for (const auto& [gv, base] : mod->functions) {
    const auto* func = base.as<tirx::FunctionObj>();
    if (func == nullptr) continue;
    std::unordered_set<const ffi::Object*> params;
    for (const ir::Var& param : func->params) params.insert(param.get());
    AccessPath func_path = p.Attr("functions").MapItem(gv);
    int64_t i = 0;
    for (const ir::Var& param : func->params) {
      AccessPath ty_path = func_path.Attr("params").ArrayItem(i++).Attr("ty");
      for (const auto& [symbol, at] : CollectVars(param->ty, ty_path)) {
        const auto* var = symbol.as<ir::VarObj>();
        if (var == nullptr || params.count(var) || t.NameOf(symbol).has_value()) continue;
        const auto* prim = var->ty.as<ir::PrimTypeObj>();
        std::string dtype = prim != nullptr ? prim->dtype.ToString() : "int32";
        std::string name = t.Define(symbol, var->name);
        t.Emit(
            AssignDoc(IdDoc(name),
                      TAttr(t, "dynamic")
                          .Call({LiteralDoc::Str(var->name)}, {"dtype"}, {LiteralDoc::Str(dtype)}),
                      std::nullopt));
      }
    }
  }
}

/*!
 * \brief A module: `@I.ir_module class Module:`, `T.module_attrs({...})` first, then
 *  `T.module_global_infos({...})`, then its functions as members.
 */
Doc ModuleDoc(const ir::IRModule& mod, const AccessPath& p, const DocTranslator& t) {
  DefineModuleSymbols(mod, p, t);
  std::optional<std::string> outer = t.module_alias();
  t.SetModuleAlias("Module");
  Array<StmtDoc> body;
  if (!mod->attrs.empty()) {
    ExprDoc attrs = t.AsExprDoc(mod->attrs, p.Attr("attrs"));
    body.push_back(ExprStmtDoc(TAttr(t, "module_attrs").Call({attrs})));
  }
  if (!mod->global_infos.empty()) {
    ExprDoc infos = t.AsExprDoc(mod->global_infos, p.Attr("global_infos"));
    body.push_back(ExprStmtDoc(TAttr(t, "module_global_infos").Call({infos})));
  }
  for (const auto& [gv, func] : mod->functions) {
    AccessPath func_path = p.Attr("functions").MapItem(gv);
    t.SetBindingName(func, gv->name_hint);
    Doc doc = t.AsDoc(func, func_path);
    if (std::optional<StmtDoc> stmt = Any(doc).as<StmtDoc>()) {
      body.push_back(*stmt);
    } else {
      body.push_back(AssignDoc(IdDoc(gv->name_hint), Any(doc).cast<ExprDoc>(), std::nullopt));
    }
  }
  t.SetModuleAlias(outer);
  return ClassDoc(IdDoc("Module"), {IAttr(t, "ir_module")}, body);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  RegisterDocTranslate<ir::Var>([](ir::Var var, AccessPath, DocTranslator t) -> Doc {
    return IdDoc(t.NameOrDefineFree(var, var->name));
  });
  RegisterDocTranslate<ir::GlobalVar>(
      [](ir::GlobalVar gv, AccessPath, DocTranslator t) -> Doc { return GlobalVarDoc(gv, t); });
  RegisterDocTranslate<ir::Op>(OpDoc);
  RegisterDocTranslate<ir::Call>(CallDocOf);
  RegisterDocTranslate<ir::Range>([](ir::Range r, AccessPath p, DocTranslator t) -> Doc {
    return TAttr(t, "Range")
        .Call({t.AsExprDoc(r->start, p.Attr("start")), t.AsExprDoc(r->end, p.Attr("end"))});
  });
  RegisterDocTranslate<ir::IRModule>(ModuleDoc);
  RegisterDocTranslate<ir::Target>([](ir::Target target, AccessPath p, DocTranslator t) -> Doc {
    return TAttr(t, "target").Call({TargetConfigDoc(target, p, t)});
  });
  for (const auto* names : {&tirx::MathIntrinsicNames(), &tirx::RuledIntrinsicNames(),
                            &tirx::GpuIntrinsicNames(), &tirx::MaskedAccessNames()}) {
    for (const std::string& name : *names) {
      ir::OpRegistry::Register("tirx." + name).set_attr(kOpDocTranslate, IntrinsicHook(name));
    }
  }
  for (const std::string& name : tirx::TypedIntrinsicNames()) {
    ir::OpRegistry::Register("tirx." + name).set_attr(kOpDocTranslate, TypedIntrinsicHook(name));
  }
  for (const std::string& name : tirx::Int32DefaultIntrinsicNames()) {
    ir::OpRegistry::Register("tirx." + name)
        .set_attr(kOpDocTranslate, Int32DefaultIntrinsicHook(name));
  }
  ir::OpRegistry::Register("tirx.tvm_struct_get")
      .set_attr(kOpDocTranslate,
                ffi::Function::FromTyped(StructGetDoc, "FDocTranslate<tirx.tvm_struct_get>"));
  // A tensor's data pointer prints as the reference prints it: `A.data`.
  ir::OpRegistry::Register("tirx.tensor_data_ptr")
      .set_attr(kOpDocTranslate,
                ffi::Function::FromTyped(
                    [](ir::Call call, AccessPath p, DocTranslator t) -> Doc {
                      return t.AsExprDoc(call->args[0], p.Attr("args").ArrayItem(0)).Attr("data");
                    },
                    "FDocTranslate<tirx.tensor_data_ptr>"));
}

}  // namespace

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
