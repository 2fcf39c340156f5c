/*!
 * \file translate_literal.cc
 * \brief Value expressions beyond numbers: `T.dtype("float32")`, tuples `(a, b)`, and
 *  `T.GenericConst(ty, value)` (the reference has no print for it: ours reads back).
 */
#include <tvm/ir/literal.h>

#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

TVM_FFI_STATIC_INIT_BLOCK() {
  RegisterDocTranslate<ir::DataTypeImm>(
      [](ir::DataTypeImm imm, AccessPath p, DocTranslator t) -> Doc {
        ExprDoc name = WithPath<ExprDoc>(LiteralDoc::Str(imm->value.ToString()), p.Attr("value"));
        return TAttr(t, "dtype").Call({name});
      });
  RegisterDocTranslate<ir::Tuple>([](ir::Tuple tuple, AccessPath p, DocTranslator t) -> Doc {
    return TupleDoc(t.AsExprDocs(ffi::Array<ffi::Any>(tuple->fields.begin(), tuple->fields.end()),
                                 p.Attr("fields")));
  });
  RegisterDocTranslate<ir::GenericConst>(
      [](ir::GenericConst c, AccessPath p, DocTranslator t) -> Doc {
        return TAttr(t, "GenericConst")
            .Call({t.AsExprDoc(c->ty, p.Attr("ty")), t.AsExprDoc(c->value, p.Attr("value"))});
      });
}

}  // namespace

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
