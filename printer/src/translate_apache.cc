/*!
 * \file translate_apache.cc
 * \brief The pieces of Apache TVM's spelling (`spelling="apache"`, as apache-tvm 0.27 prints):
 *  buffer declarations with `(shape), "dtype", strides=..., scope=..., align=...` arguments
 *  (`T.Buffer`, `T.alloc_buffer`, `T.alloc_shared`, `T.alloc_local`, `T.decl_buffer`, a local
 *  scalar as `y: T.int32`), intrinsics 0.27 writes otherwise, and 0.27's float text.
 */
#include <tvm/ir/call.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/stmt.h>
#include <tvm/tirx/tensor_expr.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "printer_internal.h"
#include "python_printer_internal.h"

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

namespace {

/*!
 * \brief A shape dimension. An expression holding a symbol at its first use is written whole as
 *  a string, `("n + 2",)`, as 0.27 writes it (a bare symbol is quoted by the Var hook).
 */
ExprDoc ShapeDimDoc(const ir::Expr& dim, const AccessPath& p, const DocTranslator& t) {
  if (dim.as<ir::VarObj>() != nullptr) return t.AsExprDoc(dim, p);
  bool quoted = false;
  for (const auto& [var, unused] : CollectVars(dim, p)) {
    quoted = t.Unmark(kQuotedSymbol, var) || quoted;
  }
  ExprDoc doc = t.AsExprDoc(dim, p);
  if (!quoted) return doc;
  PythonPrinter text(0);
  text.Append(doc);
  return WithPath<ExprDoc>(LiteralDoc::Str(text.text()), p);
}

}  // namespace

ExprDoc ApacheBufferCall(const ExprDoc& callee, const Array<ExprDoc>& leading,
                         const ir::TensorType& ty, const AccessPath& tp,
                         const ApacheBufferOptions& options, const DocTranslator& t) {
  Array<ExprDoc> args = leading;
  Array<ExprDoc> shape;
  for (size_t i = 0; i < ty->shape.size(); ++i) {
    shape.push_back(ShapeDimDoc(ty->shape[i], tp.Attr("shape").ArrayItem(i), t));
  }
  args.push_back(TupleDoc(shape));
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
  if (ty->elem_offset.has_value() && !options.elem_offset_by_factor) {
    add("elem_offset", t.AsExprDoc(*ty->elem_offset, tp.Attr("elem_offset")));
  }
  if (options.with_scope && ty->scope != "global") {
    add("scope", t.AsExprDoc(ty->scope, tp.Attr("scope")));
  }
  if (ty->alignment != 64) add("align", t.AsExprDoc(ty->alignment, tp.Attr("alignment")));
  if (ty->layout.has_value()) {
    add("layout", t.AsExprDoc(*ty->layout, tp.Attr("layout")));
  } else if (ty->scope == "trn.sbuf" || ty->scope == "trn.psum") {
    add("layout", LiteralDoc::None());  // 0.27's default there, which it prints (ours: absent)
  }
  if (options.allocated_addr.has_value()) add("allocated_addr", *options.allocated_addr);
  // 0.27's spelling of a fresh element offset: the buffer makes one (`X.elem_offset`).
  if (options.elem_offset_by_factor) add("offset_factor", LiteralDoc::Int(1));
  if (options.annotations.has_value()) add("annotations", *options.annotations);
  return callee.Call(args, keys, values);
}

std::optional<Doc> ApacheViewDoc(const tirx::DeclTensor& decl, const AccessPath& p,
                                 const DocTranslator& t) {
  if (!t.config()->apache()) return std::nullopt;
  const auto* call = decl->data.as<ir::CallObj>();
  const auto* op = call != nullptr ? call->op.as<ir::OpObj>() : nullptr;
  if (op == nullptr || op->name != "tirx.tensor_data_ptr" || call->args.size() != 1) {
    return std::nullopt;
  }
  const auto* source = call->args[0].as<ir::VarObj>();
  const auto* from = source != nullptr ? source->ty.as<ir::TensorTypeObj>() : nullptr;
  const auto* to = decl->var->ty.as<ir::TensorTypeObj>();
  if (from == nullptr || to == nullptr || from->dtype != to->dtype || from->scope != to->scope ||
      !to->strides.empty() || to->elem_offset.has_value() || to->alignment != from->alignment ||
      to->layout.has_value()) {  // 0.27 writes a declaration with a layout as `T.decl_buffer`
    return std::nullopt;
  }
  ExprDoc src = t.AsExprDoc(call->args[0], p.Attr("data").Attr("args").ArrayItem(0));
  ExprDoc view = src.Attr("view").Call(t.AsExprDocs(
      Array<ffi::Any>(to->shape.begin(), to->shape.end()), p.Attr("var").Attr("ty").Attr("shape")));
  t.Define(decl->var, decl->var->name);
  return AssignDoc(t.AsExprDoc(decl->var, p.Attr("var")), view, std::nullopt);
}

bool ApacheFieldSymbols(const ir::TensorType& ty, const std::string& buffer,
                        const DocTranslator& t) {
  auto fresh = [&t](const ir::Expr& e) -> std::optional<ir::Var> {
    const auto* var = e.as<ir::VarObj>();
    if (var == nullptr) return std::nullopt;
    ir::Var v = ffi::GetRef<ir::Var>(var);
    if (t.NameOf(v).has_value() || t.BindingName(v).has_value()) return std::nullopt;
    return v;
  };
  auto fields = [&](const Array<ir::Expr>& exprs, const std::string& field) {
    for (size_t i = 0; i < exprs.size(); ++i) {
      if (std::optional<ir::Var> var = fresh(exprs[i])) {
        t.Mark(kQuotedSymbol, *var);  // its definition, as a string
        t.SetBindingName(*var, buffer + "." + field + "[" + std::to_string(i) + "]");
      }
    }
  };
  fields(ty->shape, "shape");
  fields(ty->strides, "strides");
  if (!ty->elem_offset.has_value()) return false;
  std::optional<ir::Var> offset = fresh(*ty->elem_offset);
  if (offset.has_value()) t.SetBindingName(*offset, buffer + ".elem_offset");
  return offset.has_value();
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
  if (IsLocalScalar(alloc) && !t.Marked(kNeverScalar, alloc->var)) {
    t.Mark(kScalarTensor, alloc->var);
    ExprDoc dtype = WithPath(DTypeDoc(t, ty->dtype), p.Attr("var").Attr("ty").Attr("dtype"));
    return AssignDoc(lhs, std::nullopt, dtype);
  }
  std::string scope = ty->scope;
  ApacheBufferOptions options;
  options.annotations = attrs;
  options.allocated_addr = PlacementDoc(alloc->attrs, p, t);
  const char* builder = "alloc_buffer";
  // `T.alloc_shared` takes no placement in the reference's spelling, which both read.
  if ((scope == "shared" || scope == "local") && !options.allocated_addr.has_value()) {
    builder = scope == "shared" ? "alloc_shared" : "alloc_local";
    options.with_scope = false;
  }
  ExprDoc rhs = ApacheBufferCall(TAttr(t, builder), {}, ffi::GetRef<ir::TensorType>(ty),
                                 p.Attr("var").Attr("ty"), options, t);
  return AssignDoc(lhs, rhs, std::nullopt);
}

namespace {

/*! \brief `"int32"`; a handle as 0.27 spells its type there, `T.handle().ty`. */
std::optional<ExprDoc> DTypeTextDoc(const ir::Type& ty, const DocTranslator& t) {
  const auto* prim = ty.as<ir::PrimTypeObj>();
  const auto* ptr = ty.as<ir::PointerTypeObj>();
  const auto* element = ptr != nullptr ? ptr->element_type.as<ir::PrimTypeObj>() : nullptr;
  bool handle = (prim != nullptr && prim->dtype.ToString() == "handle") ||
                (element != nullptr && element->dtype.is_void());
  if (handle) return TAttr(t, "handle").Call({}).Attr("ty");
  if (prim != nullptr) return LiteralDoc::Str(prim->dtype.ToString());
  return std::nullopt;
}

}  // namespace

std::optional<Doc> ApacheIntrinsicCallDoc(const ir::Call& call, std::string* name,
                                          const AccessPath& p, const DocTranslator& t) {
  // Members Apache TVM names otherwise (ours has both names; 0.27 prints these).
  static const std::pair<const char*, const char*> renamed[] = {
      {"stack_alloca", "tvm_stack_alloca"},
      {"stack_make_dltensor", "tvm_stack_make_array"},
      {"stack_make_shape", "tvm_stack_make_shape"}};
  for (const auto& [ours, apache] : renamed) {
    if (*name == ours) *name = apache;
  }
  auto args = [&]() {
    return t.AsExprDocs(Array<ffi::Any>(call->args.begin(), call->args.end()), p.Attr("args"));
  };
  // The result's dtype first: `T.call_llvm_pure_intrin("int32", "llvm.ctlz", x)`.
  if (*name == "call_llvm_intrin" || *name == "call_llvm_pure_intrin" || *name == "reinterpret" ||
      *name == "call_pure_extern" || *name == "call_extern") {
    std::optional<ExprDoc> dtype = DTypeTextDoc(call->ty, t);
    if (!dtype.has_value()) return std::nullopt;
    Array<ExprDoc> docs = {WithPath(*dtype, p.Attr("ty"))};
    for (const ExprDoc& arg : args()) docs.push_back(arg);
    return TAttr(t, *name).Call(docs);
  }
  // The pointer's element last: `T.ptr_byte_offset(A.data, 4, T.type_annotation("float16"))`.
  if (*name == "ptr_byte_offset") {
    const auto* ptr = call->ty.as<ir::PointerTypeObj>();
    const auto* element = ptr != nullptr ? ptr->element_type.as<ir::PrimTypeObj>() : nullptr;
    if (element == nullptr) return std::nullopt;
    Array<ExprDoc> docs = args();
    docs.push_back(WithPath<ExprDoc>(
        TAttr(t, "type_annotation").Call({LiteralDoc::Str(element->dtype.ToString())}),
        p.Attr("ty")));
    return TAttr(t, *name).Call(docs);
  }
  return std::nullopt;
}

namespace {

bool IsIndexZero(const Array<ir::Expr>& indices) {
  const auto* index = indices.size() == 1 ? indices[0].as<tirx::IntImmObj>() : nullptr;
  return index != nullptr && index->value == 0;
}

}  // namespace

bool IsScalarElement(const ir::Expr& tensor, const Array<ir::Expr>& indices,
                     const DocTranslator& t) {
  return t.config()->apache() && t.Marked(kScalarTensor, tensor) && IsIndexZero(indices) &&
         !t.Marked(kNeverScalar, tensor);
}

bool IsScalarStore(const ir::Expr& tensor, const Array<ir::Expr>& indices, const DocTranslator& t) {
  if (!t.config()->apache() || !IsIndexZero(indices) || t.Marked(kNeverScalar, tensor)) {
    return false;
  }
  if (t.Marked(kScalarTensor, tensor)) return true;
  const auto* ty = tensor->ty.as<ir::TensorTypeObj>();
  const auto* extent =
      ty != nullptr && ty->shape.size() == 1 ? ty->shape[0].as<tirx::IntImmObj>() : nullptr;
  return extent != nullptr && extent->value == 1;
}

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
