/*!
 * \file translate_comm_reducer.cc
 * \brief The combiner of a cross-thread reduction, as Apache TVM prints it:
 *  `T.comm_reducer(lambda x, y: x + y, [T.float32(0)])`; with several groups the lambda takes
 *  every left value, then every right value, and returns a tuple.
 */
#include <tvm/tirx/comm_reducer.h>

#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

using ffi::Array;

Doc CommReducerDoc(const tirx::CommReducer& r, const AccessPath& p, const DocTranslator& t) {
  ExprDoc identity = t.AsExprDoc(r->identity_element, p.Attr("identity_element"));
  // The lambda's parameters are its own: named in a scope that ends with it.
  ScopeGuard scope(t);
  Array<IdDoc> params;
  for (const Array<ir::Var>* vars : {&r->lhs, &r->rhs}) {
    for (const ir::Var& var : *vars) params.push_back(IdDoc(t.Define(var, var->name)));
  }
  Array<ExprDoc> results;
  int64_t i = 0;
  for (const ir::Expr& result : r->result) {
    results.push_back(t.AsExprDoc(result, p.Attr("result").ArrayItem(i++)));
  }
  scope.Close();
  ExprDoc body = results.size() == 1 ? results[0] : TupleDoc(results);
  return TAttr(t, "comm_reducer").Call({LambdaDoc(params, body), identity});
}

}  // namespace

TVM_FFI_STATIC_INIT_BLOCK() { RegisterDocTranslate<tirx::CommReducer>(CommReducerDoc); }

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
