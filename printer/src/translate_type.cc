/*!
 * \file translate_type.cc
 * \brief Types: `T.int32`, `T.float32x4`, `T.Ptr(T.float32)`, `T.Tensor((n,), T.float32)` with
 *  non-default fields as keywords, `T.Func([...], ret)`, `T.Tuple(...)`, `T.Missing()` and the
 *  other field-less types (`T.NoneType()`, `T.String()`, ...); the T/I helpers.
 */
#include <tvm/ir/tensor_type.h>
#include <tvm/ir/type.h>

#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

ExprDoc TAttr(const DocTranslator& t, const std::string& name) {
  return t.Namespace("T").Attr(name);
}

ExprDoc IAttr(const DocTranslator& t, const std::string& name) {
  return t.Namespace("I").Attr(name);
}

ExprDoc DTypeDoc(const DocTranslator& t, ffi::DataType dtype) {
  if (dtype.is_void()) return TAttr(t, "void");
  if (dtype.is_bool())
    return TAttr(t, dtype.is_scalar() ? "bool" : "boolx" + std::to_string(dtype.lanes()));
  return TAttr(t, dtype.ToString());
}

bool IsInt32(const ir::Type& ty) {
  const auto* prim = ty.as<ir::PrimTypeObj>();
  return prim != nullptr && prim->dtype == ffi::DataType::Int(32);
}

namespace {

using ffi::Array;
using ffi::String;

Doc TensorTypeDoc(const ir::TensorType& ty, const AccessPath& p, const DocTranslator& t) {
  if (t.config()->apache()) {  // `T.Buffer((16, 16), "float32", strides=..., scope=...)`
    ApacheBufferOptions options;
    options.dtype_always = true;
    return ApacheBufferCall(TAttr(t, "Buffer"), {}, ty, p, options, t);
  }
  ExprDoc shape =
      TupleDoc(t.AsExprDocs(Array<ffi::Any>(ty->shape.begin(), ty->shape.end()), p.Attr("shape")));
  ExprDoc dtype = WithPath(DTypeDoc(t, ty->dtype), p.Attr("dtype"));
  Array<String> keys;
  Array<ExprDoc> values;
  if (!ty->strides.empty()) {
    keys.push_back("strides");
    values.push_back(TupleDoc(
        t.AsExprDocs(Array<ffi::Any>(ty->strides.begin(), ty->strides.end()), p.Attr("strides"))));
  }
  if (ty->elem_offset.has_value()) {
    keys.push_back("elem_offset");
    values.push_back(t.AsExprDoc(*ty->elem_offset, p.Attr("elem_offset")));
  }
  if (ty->scope != "global") {
    keys.push_back("scope");
    values.push_back(t.AsExprDoc(ty->scope, p.Attr("scope")));
  }
  if (ty->alignment != 64) {  // the reference's keyword for it (`align=` is its other spelling)
    keys.push_back("data_alignment");
    values.push_back(t.AsExprDoc(ty->alignment, p.Attr("alignment")));
  }
  if (ty->layout.has_value()) {  // a tirx.Layout (translate_layout.cc)
    keys.push_back("layout");
    values.push_back(t.AsExprDoc(*ty->layout, p.Attr("layout")));
  }
  return TAttr(t, "Tensor").Call({shape, dtype}, keys, values);
}

Doc PointerTypeDoc(const ir::PointerType& ty, const AccessPath& p, const DocTranslator& t) {
  if (t.config()->apache()) {  // `T.handle`, `T.handle("float32", "global")`, as 0.27 prints
    const auto* prim = ty->element_type.as<ir::PrimTypeObj>();
    if (prim != nullptr && prim->dtype.is_void()) return TAttr(t, "handle");
    if (prim != nullptr) {
      return TAttr(t, "handle")
          .Call({LiteralDoc::Str(prim->dtype.ToString()), t.AsExprDoc(ty->scope, p.Attr("scope"))});
    }
  }
  ExprDoc element = t.AsExprDoc(ty->element_type, p.Attr("element_type"));
  if (ty->scope == "global") return TAttr(t, "Ptr").Call({element});
  // The scope positionally, as the reference prints it: `T.Ptr(T.float32, "shared")`.
  return TAttr(t, "Ptr").Call({element, t.AsExprDoc(ty->scope, p.Attr("scope"))});
}

// A field-less type prints as the call of its T member, as the reference prints it.
void RegisterFieldlessType(int32_t type_index, const char* member) {
  std::string name = member;
  SetTypeDocTranslate(type_index, ffi::Function::FromTyped(
                                      [name](ir::Type, AccessPath, DocTranslator t) -> Doc {
                                        return TAttr(t, name).Call({});
                                      },
                                      "FDocTranslate<" + name + ">"));
}

TVM_FFI_STATIC_INIT_BLOCK() {
  RegisterDocTranslate<ir::PrimType>([](ir::PrimType ty, AccessPath p, DocTranslator t) -> Doc {
    return WithPath(DTypeDoc(t, ty->dtype), p.Attr("dtype"));
  });
  RegisterDocTranslate<ir::PointerType>(PointerTypeDoc);
  RegisterDocTranslate<ir::TensorType>(TensorTypeDoc);
  RegisterDocTranslate<ir::FuncType>([](ir::FuncType ty, AccessPath p, DocTranslator t) -> Doc {
    Array<ffi::Any> args(ty->arg_types.begin(), ty->arg_types.end());
    ExprDoc ret = t.AsExprDoc(ty->ret_type, p.Attr("ret_type"));
    return TAttr(t, "Func").Call({ListDoc(t.AsExprDocs(args, p.Attr("arg_types"))), ret});
  });
  RegisterDocTranslate<ir::TupleType>([](ir::TupleType ty, AccessPath p, DocTranslator t) -> Doc {
    return TAttr(t, "Tuple")
        .Call(
            t.AsExprDocs(Array<ffi::Any>(ty->fields.begin(), ty->fields.end()), p.Attr("fields")));
  });
  RegisterFieldlessType(ir::MissingTypeObj::RuntimeTypeIndex(), "Missing");
  RegisterFieldlessType(ir::AnyTypeObj::RuntimeTypeIndex(), "Any");
  RegisterFieldlessType(ir::NoneTypeObj::RuntimeTypeIndex(), "NoneType");
  RegisterFieldlessType(ir::OpaqueTypeObj::RuntimeTypeIndex(), "Opaque");
  RegisterFieldlessType(ir::StringTypeObj::RuntimeTypeIndex(), "String");
  RegisterFieldlessType(ir::TensorRegionTypeObj::RuntimeTypeIndex(), "TensorRegionType");
  RegisterFieldlessType(ir::TypeObj::RuntimeTypeIndex(), "Type");  // a bare base, `T.Type()`
}

}  // namespace

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
