/*!
 * \file translate_function.cc
 * \brief Functions: `@T.function def name[n, m: T.int64](A: T.Tensor((n,), T.float32)) -> ret:`.
 *
 * Symbols that appear in parameter types without being parameters become the header's type
 * parameters (DESIGN.md): bare when int32, annotated otherwise. Attributes other than the
 * function's own name print as a first `T.func_attr({...})` statement.
 */
#include <tvm/ffi/reflection/structural_walk.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/function.h>

#include <algorithm>
#include <string>
#include <unordered_set>
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

std::string FunctionName(const tirx::Function& func, const DocTranslator& t) {
  if (std::optional<std::string> bound = t.BindingName(func)) return *bound;
  if (!t.config()->function_name.empty()) return t.config()->function_name;
  if (std::optional<Any> symbol = func->attrs.Get("global_symbol")) {
    if (std::optional<std::string> name = symbol->try_cast<std::string>()) return *name;
  }
  return "main";
}

/*!
 * \brief Names the parameters, and the symbols of their types in order of first occurrence
 *  (DESIGN.md's Pattern order: `A`, `n`, `B`); returns the header's type parameters.
 */
Array<AssignDoc> DefineSignature(const tirx::Function& func, const AccessPath& p,
                                 const DocTranslator& t) {
  Array<AssignDoc> type_params;
  int64_t i = 0;
  for (const ir::Var& param : func->params) {
    // A scalar parameter an earlier parameter's type uses is already a header symbol.
    if (!t.NameOf(param).has_value()) t.Define(param, param->name);
    AccessPath ty_path = p.Attr("params").ArrayItem(i++).Attr("ty");
    for (const auto& [symbol, at] : CollectVars(param->ty, ty_path)) {
      if (t.NameOf(symbol).has_value()) continue;
      const auto* var = symbol.as<ir::VarObj>();
      std::string name = t.Define(symbol, var != nullptr ? var->name.str() : "v");
      // The header's name has no origin of its own: the symbol's text is where it occurs.
      std::optional<ExprDoc> annotation;
      if (var != nullptr && !IsInt32(var->ty)) annotation = t.AsExprDoc(var->ty, at.Attr("ty"));
      type_params.push_back(AssignDoc(IdDoc(name), std::nullopt, annotation));
    }
  }
  return type_params;
}

/*!
 * \brief Apache's signature symbols, as apache-tvm 0.27 prints them. When they are all int32 and
 *  first occur in a shape, each is written as a string at its first occurrence
 *  (`A: T.Buffer(("n",), "float32")`) and one that is no parameter is declared first in the
 *  body (`n = T.int32()`, into `declarations`, grouped by the parameter introducing them);
 *  otherwise they are the header's type parameters, by name (`def f[m, n](...)`, which needs
 *  `from __future__ import annotations`). A parameter printed before a type that uses it is a
 *  name there, neither.
 */
Array<AssignDoc> ApacheSignature(const tirx::Function& func, const AccessPath& p,
                                 const DocTranslator& t, Array<StmtDoc>* declarations) {
  std::unordered_set<const ffi::Object*> params;
  for (const ir::Var& param : func->params) {
    params.insert(param.get());
    t.Define(param, param->name);
  }
  std::vector<std::pair<const ir::VarObj*, int64_t>> symbols;  // and the parameter first using it
  // A parameter printed before the type that uses it is a name there, never a string.
  std::unordered_set<const ffi::Object*> seen, printed_params;
  // Strings stand only in a shape: every symbol must be int32 (or a later parameter) and
  // first occur in one.
  bool quoted = true;
  int64_t i = 0;
  for (const ir::Var& param : func->params) {
    printed_params.insert(param.get());
    AccessPath ty_path = p.Attr("params").ArrayItem(i++).Attr("ty");
    std::unordered_set<const ffi::Object*> in_shape;
    if (const auto* tensor = param->ty.as<ir::TensorTypeObj>()) {
      for (const auto& [symbol, unused] : CollectVars(tensor->shape, ty_path)) {
        in_shape.insert(symbol.get());
      }
    }
    for (const auto& [symbol, at] : CollectVars(param->ty, ty_path)) {
      const auto* var = symbol.as<ir::VarObj>();
      if (var == nullptr || printed_params.count(var) || !seen.insert(var).second) continue;
      symbols.emplace_back(var, i);
      // A later scalar parameter gives its own symbol's dtype (0.27 reads the signature so).
      quoted = quoted && (IsInt32(var->ty) || params.count(var)) && in_shape.count(var);
    }
  }
  Array<AssignDoc> type_params;
  std::vector<std::string> names;
  std::vector<int64_t> introduced_by;
  for (const auto& [var, param_index] : symbols) {
    ir::Var symbol = ffi::GetRef<ir::Var>(var);
    if (!params.count(var)) {
      names.push_back(t.Define(symbol, var->name));
      introduced_by.push_back(param_index);
    }
    if (quoted) t.Mark(kQuotedSymbol, symbol);
  }
  // `n = T.int32()`; one line per parameter that introduces symbols, as 0.27 groups them:
  // `m, k = T.int32(), T.int32()`, then `n = T.int32()`.
  for (size_t first = 0; quoted && first < names.size();) {
    size_t end = first;
    Array<ExprDoc> lhs;
    Array<ExprDoc> rhs;
    for (; end < names.size() && introduced_by[end] == introduced_by[first]; ++end) {
      lhs.push_back(IdDoc(names[end]));
      rhs.push_back(TAttr(t, "int32").Call({}));
    }
    bool one = lhs.size() == 1;
    declarations->push_back(
        AssignDoc(one ? lhs[0] : TupleDoc(lhs), one ? rhs[0] : TupleDoc(rhs), std::nullopt));
    first = end;
  }
  if (quoted || names.empty()) return type_params;
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    type_params.push_back(AssignDoc(IdDoc(name), std::nullopt, std::nullopt));
  }
  t.Mark(kFutureAnnotations, ffi::ObjectRef());
  return type_params;
}

Array<AssignDoc> ParamDocs(const tirx::Function& func, const AccessPath& p,
                           const DocTranslator& t) {
  Array<AssignDoc> args;
  int64_t i = 0;
  std::unordered_set<const ffi::Object*> symbols;  // vars of the earlier parameters' types
  for (const ir::Var& param : func->params) {
    AccessPath at = p.Attr("params").ArrayItem(i++);
    ExprDoc name = t.AsExprDoc(param, at);
    // `n: n`: the parameter is the header symbol an earlier parameter's type declared.
    // (Apache's spelling writes its type: the symbol was a string before.)
    ExprDoc annotation = symbols.count(param.get()) && !t.config()->apache()
                             ? name
                             : t.AsExprDoc(param->ty, at.Attr("ty"));
    args.push_back(AssignDoc(name, std::nullopt, annotation));
    for (const auto& [symbol, unused] : CollectVars(param->ty, at.Attr("ty"))) {
      symbols.insert(symbol.get());
    }
  }
  return args;
}

/*! \brief `T.func_attr({...})` for every attribute but the name (keys sorted), or nullopt. */
std::optional<StmtDoc> AttrsStmt(const tirx::Function& func, const std::string& name,
                                 const AccessPath& p, const DocTranslator& t) {
  Array<ExprDoc> keys;
  Array<ExprDoc> values;
  for (const auto* item : PrintOrder(func->attrs.get())) {
    const auto& [key, value] = *item;
    if (key.cast<std::string>() == "global_symbol" && value.try_cast<std::string>() == name) {
      continue;
    }
    // The decorator says it (`@Ts.function`, `@T.prim_func(s_tir=True)`).
    if (key.cast<std::string>() == "script.namespace" && IsSTirFunction(func)) continue;
    AccessPath at = p.Attr("attrs").MapItem(key);
    keys.push_back(t.AsExprDoc(key, at));
    values.push_back(t.AsExprDoc(value, at));
  }
  if (keys.empty()) return std::nullopt;
  // The source's comments of its `T.func_attr(...)` statement, keyed by the attrs it builds.
  Doc line = t.WithSourceCommentsOf(
      func->attrs, ExprStmtDoc(TAttr(t, "func_attr").Call({DictDoc(keys, values)})));
  return Any(line).cast<StmtDoc>();
}

std::optional<ExprDoc> ReturnType(const tirx::Function& func, const AccessPath& p,
                                  const DocTranslator& t) {
  const ir::Type& ty = func->ret_type;
  if (!ty.defined() || ty.is_missing()) return std::nullopt;
  const auto* prim = ty.as<ir::PrimTypeObj>();
  if (prim != nullptr && prim->dtype.is_void()) return std::nullopt;
  return t.AsExprDoc(ty, p.Attr("ret_type"));
}

/*!
 * \brief `@T.function`, `@Ts.function` for S-TIR, with `(private=True)` when private; in Apache's
 *  spelling `@T.prim_func`, `@T.prim_func(private=True, s_tir=True)`.
 */
ExprDoc Decorator(const tirx::Function& func, const DocTranslator& t) {
  bool apache = t.config()->apache();
  bool s_tir = IsSTirFunction(func);
  ExprDoc decorator = apache  ? TAttr(t, "prim_func")
                      : s_tir ? TsAttr(t, "function")
                              : TAttr(t, "function");
  Array<String> keys;
  if (func->is_private) keys.push_back("private");
  if (apache && s_tir) keys.push_back("s_tir");
  if (keys.empty()) return decorator;
  Array<ExprDoc> values;
  for (size_t i = 0; i < keys.size(); ++i) values.push_back(LiteralDoc::Bool(true));
  return decorator.Call({}, keys, values);
}

Doc FunctionDocOf(const tirx::Function& func, const AccessPath& p, const DocTranslator& t) {
  std::string name = FunctionName(func, t);
  // The function's names are unique within it (sibling loops too) and free again after it.
  ScopeGuard scope(t, /*naming_scope=*/true);
  FunctionDoc::Signature signature;
  if (t.config()->apache() && IsSTirFunction(func)) {
    // 0.27 writes a one-element tensor of an S-TIR function as a tensor, never as a scalar.
    ffi::reflection::StructuralWalk(
        ffi::Any(func),
        [&t](ir::Var var) {
          if (var->ty.as<ir::TensorTypeObj>() != nullptr) t.Mark(kNeverScalar, var);
        },
        ffi::reflection::WalkOrder::kPreOrder);
  }
  Array<StmtDoc> declarations;  // Apache's `n = T.int32()` of the signature's symbols
  signature.type_params = t.config()->apache() ? ApacheSignature(func, p, t, &declarations)
                                               : DefineSignature(func, p, t);
  signature.args = ParamDocs(func, p, t);
  signature.return_type = ReturnType(func, p, t);
  signature.decorators = {Decorator(func, t)};
  Array<StmtDoc> body;
  if (std::optional<StmtDoc> attrs = AttrsStmt(func, name, p, t)) body.push_back(*attrs);
  for (const StmtDoc& s : declarations) body.push_back(s);
  if (func->body.defined()) {
    std::optional<Array<StmtDoc>> root = ImplicitRootBody(func->body, p.Attr("body"), t);
    for (const StmtDoc& s : root.has_value() ? *root : t.AsBody(func->body, p.Attr("body"))) {
      body.push_back(s);
    }
  }
  scope.Close();
  return FunctionDoc(IdDoc(name), signature, body);
}

TVM_FFI_STATIC_INIT_BLOCK() { RegisterDocTranslate<tirx::Function>(FunctionDocOf); }

}  // namespace

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
