/*!
 * \file translate_tensor_expr.cc
 * \brief Tensor and vector expressions: `A[i, j]`, `T.Ramp(base, stride, lanes)`,
 *  `T.Broadcast(value, lanes)`, `T.Shuffle([vectors], [indices])`, `T.Let(body, where={x: v})`.
 */
#include <tvm/tirx/tensor_expr.h>

#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

using ffi::Any;
using ffi::Array;

Array<Doc> IndexDocs(const Array<ir::Expr>& indices, const AccessPath& p, const DocTranslator& t) {
  Array<Doc> docs;
  for (const ExprDoc& d : t.AsExprDocs(Array<Any>(indices.begin(), indices.end()), p)) {
    docs.push_back(d);
  }
  return docs;
}

Doc LetDoc(const tirx::Let& let, const AccessPath& p, const DocTranslator& t) {
  // The value cannot see the variable; the body can, so it is named in a scope of its own.
  ExprDoc value = t.AsExprDoc(let->value, p.Attr("value"));
  ScopeGuard scope(t);
  t.Define(let->var, let->var->name);
  ExprDoc var = t.AsExprDoc(let->var, p.Attr("var"));
  ExprDoc body = t.AsExprDoc(let->body, p.Attr("body"));
  scope.Close();
  return TAttr(t, "Let").Call({body}, {"where"}, {DictDoc({var}, {value})});
}

/*! \brief A vector's lane count: a plain int, typed (`T.int32(4)`) inside a shuffle. */
ExprDoc LanesDoc(int64_t lanes, const AccessPath& p, const DocTranslator& t) {
  ExprDoc value = WithPath(LiteralDoc::Int(lanes), p);
  if (!t.typed_int32_literals()) return value;
  return DTypeDoc(t, ffi::DataType::Int(32)).Call({value});
}

TVM_FFI_STATIC_INIT_BLOCK() {
  RegisterDocTranslate<tirx::TensorLoad>(
      [](tirx::TensorLoad load, AccessPath p, DocTranslator t) -> Doc {
        ExprDoc source = t.AsExprDoc(load->source, p.Attr("source"));
        if (IsScalarElement(load->source, load->indices, t)) return source;
        return source.Index(IndexDocs(load->indices, p.Attr("indices"), t));
      });
  RegisterDocTranslate<tirx::Ramp>([](tirx::Ramp ramp, AccessPath p, DocTranslator t) -> Doc {
    return TAttr(t, "Ramp").Call({t.AsExprDoc(ramp->base, p.Attr("base")),
                                  t.AsExprDoc(ramp->stride, p.Attr("stride")),
                                  LanesDoc(ramp->lanes, p.Attr("lanes"), t)});
  });
  RegisterDocTranslate<tirx::Broadcast>([](tirx::Broadcast bc, AccessPath p,
                                           DocTranslator t) -> Doc {
    return TAttr(t, "Broadcast")
        .Call({t.AsExprDoc(bc->value, p.Attr("value")), LanesDoc(bc->lanes, p.Attr("lanes"), t)});
  });
  RegisterDocTranslate<tirx::Shuffle>([](tirx::Shuffle s, AccessPath p, DocTranslator t) -> Doc {
    // Inside a shuffle the reference prints every int32 constant typed: `T.Broadcast(lo,
    // T.int32(2))`, `[T.int32(0), T.int32(2)]`.
    struct TypedLiterals {
      DocTranslator t;
      bool before;
      ~TypedLiterals() { t.SetTypedInt32Literals(before); }
    } typed{t, t.SetTypedInt32Literals(!t.config()->apache())};  // 0.27 prints them bare
    return TAttr(t, "Shuffle")
        .Call({t.AsExprDoc(s->vectors, p.Attr("vectors")),
               t.AsExprDoc(s->indices, p.Attr("indices"))});
  });
  RegisterDocTranslate<tirx::Let>(LetDoc);
}

}  // namespace

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
