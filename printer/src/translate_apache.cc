/*!
 * \file translate_apache.cc
 * \brief The pieces of Apache TVM's spelling (`spelling="apache"`, as apache-tvm 0.27 prints):
 *  buffer declarations with `(shape), "dtype", strides=..., scope=..., align=...` arguments
 *  (`T.Buffer`, `T.alloc_buffer`, `T.alloc_shared`, `T.alloc_local`, `T.decl_buffer`, a local
 *  scalar as `y: T.int32`), perfectly nested loops as `T.grid`, and 0.27's float text.
 */
#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/stmt.h>
#include <tvm/tirx/tensor_expr.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

using ffi::Array;
using ffi::String;

std::string ApacheFloatText(double value) {
  char buf[400];
  std::snprintf(buf, sizeof(buf), "%.17g", value);
  std::string text = buf;
  if (text.find("e+") != std::string::npos) {
    std::snprintf(buf, sizeof(buf), "%.1f", value);
    return buf;
  }
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

ExprDoc ApacheBufferCall(const ExprDoc& callee, const Array<ExprDoc>& leading,
                         const ir::TensorType& ty, const AccessPath& tp,
                         const ApacheBufferOptions& options, const DocTranslator& t) {
  Array<ExprDoc> args = leading;
  args.push_back(TupleDoc(
      t.AsExprDocs(Array<ffi::Any>(ty->shape.begin(), ty->shape.end()), tp.Attr("shape"))));
  if (options.dtype_always || ty->dtype != ffi::DataType::Float(32)) {
    args.push_back(WithPath<ExprDoc>(LiteralDoc::Str(ty->dtype.ToString()), tp.Attr("dtype")));
  }
  Array<String> keys;
  Array<ExprDoc> values;
  auto add = [&](const char* key, const ExprDoc& value) {
    keys.push_back(key);
    values.push_back(value);
  };
  if (options.data.has_value()) add("data", *options.data);
  if (!ty->strides.empty()) {
    add("strides", TupleDoc(t.AsExprDocs(Array<ffi::Any>(ty->strides.begin(), ty->strides.end()),
                                         tp.Attr("strides"))));
  }
  if (ty->elem_offset.has_value()) {
    add("elem_offset", t.AsExprDoc(*ty->elem_offset, tp.Attr("elem_offset")));
  }
  if (options.with_scope && ty->scope != "global") {
    add("scope", t.AsExprDoc(ty->scope, tp.Attr("scope")));
  }
  if (ty->alignment != 64) add("align", t.AsExprDoc(ty->alignment, tp.Attr("alignment")));
  if (options.annotations.has_value()) add("annotations", *options.annotations);
  return callee.Call(args, keys, values);
}

namespace {

bool IsLocalScalar(const tirx::AllocTensor& alloc) {
  const auto* ty = alloc->var->ty.as<ir::TensorTypeObj>();
  if (ty == nullptr || ty->scope != "local" || ty->shape.size() != 1 || !ty->strides.empty() ||
      ty->elem_offset.has_value() || ty->alignment != 64 || !alloc->attrs.empty()) {
    return false;
  }
  const auto* extent = ty->shape[0].as<tirx::IntImmObj>();
  return extent != nullptr && extent->value == 1;
}

}  // namespace

Doc ApacheAllocDoc(const tirx::AllocTensor& alloc, const AccessPath& p,
                   const std::optional<ExprDoc>& attrs, const DocTranslator& t) {
  const auto* ty = alloc->var->ty.as<ir::TensorTypeObj>();
  if (ty == nullptr) return TranslateByReflection(alloc, p, t);
  t.Define(alloc->var, alloc->var->name);
  ExprDoc lhs = t.AsExprDoc(alloc->var, p.Attr("var"));
  // 0.27's local scalar: `y: T.int32`, then `y = v` and `y` for its only element.
  if (IsLocalScalar(alloc)) {
    t.Mark(kScalarTensor, alloc->var);
    ExprDoc dtype = WithPath(DTypeDoc(t, ty->dtype), p.Attr("var").Attr("ty").Attr("dtype"));
    return AssignDoc(lhs, std::nullopt, dtype);
  }
  std::string scope = ty->scope;
  ApacheBufferOptions options;
  options.annotations = attrs;
  const char* builder = "alloc_buffer";
  if (scope == "shared" || scope == "local") {
    builder = scope == "shared" ? "alloc_shared" : "alloc_local";
    options.with_scope = false;
  }
  ExprDoc rhs = ApacheBufferCall(TAttr(t, builder), {}, ffi::GetRef<ir::TensorType>(ty),
                                 p.Attr("var").Attr("ty"), options, t);
  return AssignDoc(lhs, rhs, std::nullopt);
}

bool IsScalarElement(const ir::Expr& tensor, const Array<ir::Expr>& indices,
                     const DocTranslator& t) {
  if (!t.config()->apache() || !t.Marked(kScalarTensor, tensor) || indices.size() != 1) {
    return false;
  }
  const auto* index = indices[0].as<tirx::IntImmObj>();
  return index != nullptr && index->value == 0;
}

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
