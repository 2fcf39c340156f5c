/*!
 * \file translate_placement.cc
 * \brief An allocation's placement (its attribute `tensor_allocated_addr`, the reference's name
 *  for it): the reference prints it as the first operand, `T.alloc_tensor((1024,), ty_args=...)`,
 *  apache-tvm 0.27 as `allocated_addr=1024` (a list when there are several values).
 */
#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

const char* const kPlacementAttr = "tensor_allocated_addr";

ffi::Map<ffi::String, ffi::Any> AttrsWithoutPlacement(
    const ffi::Map<ffi::String, ffi::Any>& attrs) {
  if (!attrs.count(kPlacementAttr)) return attrs;
  ffi::Map<ffi::String, ffi::Any> rest = attrs;
  rest.erase(kPlacementAttr);
  return rest;
}

std::optional<ExprDoc> PlacementDoc(const ffi::Map<ffi::String, ffi::Any>& attrs,
                                    const AccessPath& p, const DocTranslator& t) {
  std::optional<ffi::Any> placement = attrs.Get(kPlacementAttr);
  if (!placement.has_value()) return std::nullopt;
  AccessPath at = p.Attr("attrs").MapItem(ffi::String(kPlacementAttr));
  std::optional<ffi::Array<ffi::Any>> values = placement->try_cast<ffi::Array<ffi::Any>>();
  if (!values.has_value()) return t.AsExprDoc(*placement, at);
  ffi::Array<ExprDoc> items;
  for (size_t i = 0; i < values->size(); ++i) {
    items.push_back(t.AsExprDoc((*values)[i], at.ArrayItem(i)));
  }
  if (!t.config()->apache()) return TupleDoc(items);
  return items.size() == 1 ? items[0] : ExprDoc(ListDoc(items));
}

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
