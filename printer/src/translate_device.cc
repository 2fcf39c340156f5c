/*!
 * \file translate_device.cc
 * \brief The device-kernel statements (tvm/tirx/device.h): a region as the reference prints it,
 *  `with T.device_entry():` / `with T.compute_scope("helper"):` (`attrs={...}` when it has
 *  some), and a scope-id definition as Apache TVM prints it, `tx, ty = T.thread_id([8, 4])`
 *  (`dtype="uint32"` unless int32, `preferred=[...]` when given); apache-tvm 0.27's hint scope
 *  as it prints it, `T.hint("message", key=value)`.
 */
#include <tvm/tirx/device.h>

#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

using ffi::Array;
using ffi::String;

ExprDoc ExprListDoc(const Array<ir::Expr>& exprs, const AccessPath& p, const DocTranslator& t) {
  Array<ExprDoc> items;
  int64_t i = 0;
  for (const ir::Expr& e : exprs) items.push_back(t.AsExprDoc(e, p.ArrayItem(i++)));
  return ListDoc(items);
}

Doc RegionDoc(const tirx::DeviceRegion& r, const AccessPath& p, const DocTranslator& t) {
  Array<ExprDoc> args;
  int64_t i = 0;
  for (const ir::Expr& arg : r->args)
    args.push_back(t.AsExprDoc(arg, p.Attr("args").ArrayItem(i++)));
  Array<String> keys;
  Array<ExprDoc> values;
  if (!r->attrs.empty()) {
    keys.push_back("attrs");
    values.push_back(t.AsExprDoc(r->attrs, p.Attr("attrs")));
  }
  ExprDoc call = TAttr(t, r->region).Call(args, keys, values);
  Array<StmtDoc> body = t.AsBody(r->body, p.Attr("body"));
  // Apache TVM 0.27's `T.device_entry()` is a bare marker: no `with` form reads back there.
  if (r->region == "device_entry") return ScopeOrBareDoc(r, std::nullopt, call, body, t);
  return ScopeDoc(std::nullopt, call, body);
}

Doc ScopeIdDoc(const tirx::ScopeIdDef& d, const AccessPath& p, const DocTranslator& t) {
  Array<ExprDoc> args;
  Array<String> keys;
  Array<ExprDoc> values;
  // A pair of CTAs has the extent 2 by definition: `T.cta_id_in_pair()` takes no extents.
  if (d->extents.has_value() && d->member != "cta_id_in_pair") {
    args.push_back(ExprListDoc(*d->extents, p.Attr("extents"), t));
  }
  if (d->preferred.has_value()) {
    keys.push_back("preferred");
    values.push_back(ExprListDoc(*d->preferred, p.Attr("preferred"), t));
  }
  ffi::DataType dtype = d->vars[0].dtype();
  if (dtype != ffi::DataType::Int(32)) {
    keys.push_back("dtype");
    values.push_back(LiteralDoc::Str(dtype.ToString()));
  }
  ExprDoc call = TAttr(t, d->member).Call(args, keys, values);
  Array<ExprDoc> targets;
  int64_t i = 0;
  for (const ir::Var& var : d->vars) {
    t.Define(var, var->name);
    targets.push_back(t.AsExprDoc(var, p.Attr("vars").ArrayItem(i++)));
  }
  ExprDoc lhs = targets.size() == 1 ? targets[0] : TupleDoc(targets);
  return AssignDoc(lhs, call, std::nullopt);
}

}  // namespace

std::optional<ExprDoc> HintCallDoc(const tirx::AttrStmt& a, const AccessPath& p,
                                   const DocTranslator& t) {
  const auto* one = a->value.as<tirx::IntImmObj>();
  auto attrs = a->node.try_cast<ffi::Map<String, ffi::Any>>();
  bool is_hint = a->attr_key == "tirx_hint" && one != nullptr && one->value == 1 &&
                 one->ty.as<ir::PrimTypeObj>()->dtype == ffi::DataType::Int(32);
  if (!is_hint || !attrs.has_value()) return std::nullopt;
  // A message that is not a string would not read back as one: the generic form keeps it.
  if (auto message = attrs->Get("message"); message && !message->as<String>()) return std::nullopt;
  Array<ExprDoc> args;
  Array<String> keys;
  Array<ExprDoc> values;
  AccessPath node = p.Attr("node");
  for (const auto& [key, value] : *attrs) {
    if (key == "message") {
      args.push_back(t.AsExprDoc(value, node.MapItem(key)));
    } else {
      keys.push_back(key);
      values.push_back(t.AsExprDoc(value, node.MapItem(key)));
    }
  }
  return TAttr(t, "hint").Call(args, keys, values);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  RegisterDocTranslate<tirx::DeviceRegion>(RegionDoc);
  RegisterDocTranslate<tirx::ScopeIdDef>(ScopeIdDoc);
}

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
