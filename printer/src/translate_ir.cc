/*!
 * \file translate_ir.cc
 * \brief Shared IR: variables, global variables, operators, calls, ranges and modules.
 *
 * A Call of an operator with a hook (kOpDocTranslate) prints through that hook; a call of an
 * intrinsic (an op with an IntrinsicInfo, <tvm/tirx/intrinsic_spec.h>) as its print style says
 * (`T.exp(x)`, `A.data`, ...); any other operator call prints raw as
 * `I.Call(T.Op.get("name"), [args], ty=...)`, which keeps every field.
 */
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ir/call.h>
#include <tvm/ir/target.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/intrinsic_spec.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <unordered_map>
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

/*! \brief `T.<name>(args..., ty=...)`: the call with its type as the `ty=` keyword. */
ExprDoc CallWithTy(const ir::Call& call, const std::string& name, const AccessPath& p,
                   const DocTranslator& t) {
  return TAttr(t, name).Call(ArgDocs(call, p, t), {"ty"}, {t.AsExprDoc(call->ty, p.Attr("ty"))});
}

/*!
 * \brief A call of the intrinsic `tirx.<name>` as its print style (its op's IntrinsicInfo)
 *  writes it. `ty=` is shown when leaving it out would read back as another type; where the
 *  reference leaves it out regardless, that is a listed deviation (docs/printer.md):
 *  - kCall: `T.<name>(args...)`, `ty=` when the call's type is not its rule's
 *    (`T.stack_alloca("float32", 4, ty=T.Ptr(T.float32))`);
 *  - kCallTyUnlessInt32: `ty=` unless int32 (`T.undef()` of a float reads back as int32 in the
 *    reference);
 *  - kCallTyUnlessMissing: `ty=` unless Missing, as the reference prints;
 *  - kCallTypeLast: the type last, positionally, as Apache TVM prints `tvm_struct_get` (its
 *    `TScriptDtypePrintLocation` kLast);
 *  - kDataField: `A.data`, as the reference prints a tensor's data pointer;
 *  - kCallTypedConstants: `T.<name>(args...)`, an int32 constant argument as `T.int32(4)`, as
 *    the reference prints a PTX instruction's operands.
 *  The member is the op's name, or its IntrinsicInfo's `member` (PTX's `ld` for
 *  `tirx.ptx.ld_vec`).
 */
Doc IntrinsicCallDoc(const ir::Call& call, const tirx::IntrinsicInfo& info, const AccessPath& p,
                     const DocTranslator& t) {
  std::string name = info->member.empty()
                         ? std::string(call->op.as<ir::OpObj>()->name).substr(std::strlen("tirx."))
                         : std::string(info->member);
  if (t.config()->apache()) {
    if (std::optional<Doc> doc = ApacheIntrinsicCallDoc(call, &name, p, t)) return *doc;
  }
  switch (info->style()) {
    case tirx::PrintStyle::kCall:
      if (TypeIsTheRules(call)) return TAttr(t, name).Call(ArgDocs(call, p, t));
      return CallWithTy(call, name, p, t);
    case tirx::PrintStyle::kCallTyUnlessInt32: {
      const auto* prim = call->ty.as<ir::PrimTypeObj>();
      if (prim != nullptr && prim->dtype == ffi::DataType::Int(32)) {
        return TAttr(t, name).Call(ArgDocs(call, p, t));
      }
      return CallWithTy(call, name, p, t);
    }
    case tirx::PrintStyle::kCallTyUnlessMissing:
      if (call->ty.as<ir::MissingTypeObj>() != nullptr) {
        return TAttr(t, name).Call(ArgDocs(call, p, t));
      }
      return CallWithTy(call, name, p, t);
    case tirx::PrintStyle::kCallTypeLast: {
      Array<ExprDoc> args = ArgDocs(call, p, t);
      const auto* prim = call->ty.as<ir::PrimTypeObj>();
      if (t.config()->apache() && prim != nullptr) {  // 0.27 writes the dtype as a string
        args.push_back(WithPath<ExprDoc>(LiteralDoc::Str(prim->dtype.ToString()), p.Attr("ty")));
        return TAttr(t, name).Call(args);
      }
      args.push_back(t.AsExprDoc(call->ty, p.Attr("ty")));
      return TAttr(t, name).Call(args);
    }
    case tirx::PrintStyle::kDataField:
      return t.AsExprDoc(call->args[0], p.Attr("args").ArrayItem(0)).Attr("data");
    case tirx::PrintStyle::kCallTypedConstants: {
      Array<ExprDoc> args = ArgDocs(call, p, t);
      for (size_t i = 0; i < call->args.size(); ++i) {
        const auto* imm = call->args[i].as<tirx::IntImmObj>();
        const auto* prim = call->args[i]->ty.as<ir::PrimTypeObj>();
        if (imm == nullptr || prim == nullptr || prim->dtype != ffi::DataType::Int(32)) continue;
        AccessPath at = p.Attr("args").ArrayItem(static_cast<int64_t>(i));
        args.Set(
            i, WithPath<ExprDoc>(DTypeDoc(t, prim->dtype).Call({LiteralDoc::Int(imm->value)}), at));
      }
      return TAttr(t, name).Call(args);
    }
  }
  return CallWithTy(call, name, p, t);
}

Doc CallDocOf(const ir::Call& call, const AccessPath& p, const DocTranslator& t) {
  if (const auto* gv = call->op.as<ir::GlobalVarObj>()) {
    ExprDoc callee = WithPath(GlobalVarDoc(ffi::GetRef<ir::GlobalVar>(gv), t), p.Attr("op"));
    // Between module functions the reference writes the raw call, its type explicit; 0.27
    // writes the call (its type the callee's return type).
    if (!t.module_alias().has_value() || t.config()->apache()) {
      return callee.Call(ArgDocs(call, p, t));
    }
    return TAttr(t, "Call").Call({callee, ListDoc(ArgDocs(call, p, t))}, {"ty"},
                                 {t.AsExprDoc(call->ty, p.Attr("ty"))});
  }
  if (call->op.as<ir::OpObj>() == nullptr) {
    return t.AsExprDoc(call->op, p.Attr("op")).Call(ArgDocs(call, p, t));
  }
  if (std::optional<tirx::IntrinsicInfo> info =
          tirx::IntrinsicInfoOf(ffi::GetRef<ir::Op>(call->op.as<ir::OpObj>()))) {
    return IntrinsicCallDoc(call, *info, p, t);
  }
  // Any other operator: the raw constructor, every field explicit.
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
 * \brief Names the symbols of the functions' parameter types at module level and emits their
 *  `n = T.dynamic("n", dtype="int32")` lines above the module, as the reference prints them: a
 *  symbol several functions share is one variable, which per-function `[n]` headers would
 *  split. Order of first occurrence, function by function; distinct symbols of one name get
 *  the usual `n_1` suffixes.
 */
void DefineModuleSymbols(const ir::IRModule& mod, const AccessPath& p, const DocTranslator& t) {
  // Apache's spelling: 0.27 writes a symbol of one function in that function's signature
  // (`def main[n](...)`); only one several functions share is the module's.
  std::unordered_map<const ffi::Object*, int> users;
  if (t.config()->apache()) {
    for (const auto& [gv, base] : mod->functions) {
      const auto* func = base.as<tirx::FunctionObj>();
      if (func == nullptr) continue;
      std::unordered_set<const ffi::Object*> seen;
      for (const ir::Var& param : func->params) {
        for (const auto& [symbol, at] : CollectVars(param->ty, p)) {
          if (seen.insert(symbol.get()).second) ++users[symbol.get()];
        }
      }
    }
  }
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
        if (t.config()->apache() && users[var] < 2) continue;
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
  std::string name = t.config()->module_name.empty() ? "Module" : t.config()->module_name;
  t.SetModuleAlias(name);
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
  return ClassDoc(IdDoc(name), {IAttr(t, "ir_module")}, body);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  RegisterDocTranslate<ir::Var>([](ir::Var var, AccessPath, DocTranslator t) -> Doc {
    // Apache's `("n",)` where a buffer defines the symbol; `row.elem_offset` for one a block's
    // buffer defines.
    if (t.Unmark(kQuotedSymbol, var)) return LiteralDoc::Str(t.NameOf(var).value_or(var->name));
    if (std::optional<std::string> field = t.BindingName(var)) return IdDoc(*field);
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
}

}  // namespace

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
