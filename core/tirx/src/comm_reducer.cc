/*!
 * \file comm_reducer.cc
 * \brief The combiner of a cross-thread reduction: its checks and its reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/comm_reducer.h>

#include <string>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

void CheckGroupType(const Expr& value, ffi::DataType identity, size_t group, const char* field) {
  std::string at = std::string(field) + "[" + std::to_string(group) + "]";
  ffi::DataType dtype = OperandDType(value, "tirx.CommReducer", at.c_str());
  if (dtype != identity) {
    TVM_FFI_THROW(TypeError) << "`tirx.CommReducer." << at << "` has type `" << dtype.ToString()
                             << "` but its identity has type `" << identity.ToString() << "`";
  }
}

}  // namespace

CommReducer::CommReducer(ffi::Array<Var> lhs, ffi::Array<Var> rhs, ffi::Array<Expr> result,
                         ffi::Array<Expr> identity_element, Span span) {
  size_t n = result.size();
  if (n == 0 || lhs.size() != n || rhs.size() != n || identity_element.size() != n) {
    TVM_FFI_THROW(ValueError) << "A reducer combines groups of one left and one right value "
                              << "into one result, each with an identity: got " << lhs.size()
                              << " left, " << rhs.size() << " right, " << n << " result"
                              << (n == 1 ? "" : "s") << " and " << identity_element.size()
                              << " identit" << (identity_element.size() == 1 ? "y" : "ies");
  }
  for (size_t i = 0; i < n; ++i) {
    std::string at = "identity_element[" + std::to_string(i) + "]";
    ffi::DataType identity = OperandDType(identity_element[i], "tirx.CommReducer", at.c_str());
    CheckGroupType(lhs[i], identity, i, "lhs");
    CheckGroupType(rhs[i], identity, i, "rhs");
    CheckGroupType(result[i], identity, i, "result");
  }
  ffi::ObjectPtr<CommReducerObj> node = ffi::make_object<CommReducerObj>();
  node->lhs = std::move(lhs);
  node->rhs = std::move(rhs);
  node->result = std::move(result);
  node->identity_element = std::move(identity_element);
  node->span = std::move(span);
  data_ = std::move(node);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<CommReducerObj>()
      .def_init(
          [](ffi::Array<Var> lhs, ffi::Array<Var> rhs, ffi::Array<Expr> result,
             ffi::Array<Expr> identity_element) {
            return CommReducer(std::move(lhs), std::move(rhs), std::move(result),
                               std::move(identity_element));
          },
          {"lhs", "rhs", "result", "identity_element"})
      .def_ro("lhs", &CommReducerObj::lhs, refl::DefRegionKind::kSimple)
      .def_ro("rhs", &CommReducerObj::rhs, refl::DefRegionKind::kSimple)
      .def_ro("result", &CommReducerObj::result)
      .def_ro("identity_element", &CommReducerObj::identity_element)
      .def_ro("span", &CommReducerObj::span, refl::StructuralIgnore(),
              refl::DefaultValue(Span::Unknown()));
}

}  // namespace tirx
}  // namespace tvm
