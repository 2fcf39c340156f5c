/*!
 * \file expr.cc
 * \brief Expressions, variables and ranges: construction and reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/expr.h>

namespace tvm {
namespace ir {

ffi::DataType Expr::dtype() const {
  if (get() == nullptr) TVM_FFI_THROW(ValueError) << "Expected an expression, got None";
  if (const auto* prim = get()->ty.as<PrimTypeObj>()) return prim->dtype;
  TVM_FFI_THROW(TypeError) << "Expected an expression of primitive type, got one of type `"
                           << (get()->ty.defined() ? get()->ty->GetTypeKey() : "None") << "`";
}

Var::Var(ffi::String name, Type ty, Span span) : Expr(ffi::make_object<VarObj>()) {
  if (!ty.defined()) {
    TVM_FFI_THROW(ValueError) << "`ir.Var.ty` is None (an unknown type is the missing type)";
  }
  auto* node = const_cast<VarObj*>(get());
  node->name = std::move(name);
  node->ty = std::move(ty);
  node->span = std::move(span);
}

Range::Range(Expr start, Expr end, Span span) : ObjectRef(ffi::make_object<RangeObj>()) {
  auto* node = const_cast<RangeObj*>(get());
  node->start = std::move(start);
  node->end = std::move(end);
  node->span = std::move(span);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  using refl::DefaultValue;
  using refl::StructuralIgnore;
  refl::ObjectDef<ExprObj>()
      .def_ro("span", &ExprObj::span, StructuralIgnore(), DefaultValue(Span::Unknown()))
      .def_ro("ty", &ExprObj::ty, DefaultValue(Type::Missing()));
  refl::ObjectDef<VarObj>()
      .structural_kind(refl::StructuralKind::kVar)
      .def_init([](ffi::String name, Type ty) { return Var(std::move(name), std::move(ty)); },
                {"name", "ty"})
      .def_ro("name", &VarObj::name, StructuralIgnore());
  refl::ObjectDef<RangeObj>()
      .def_init([](Expr start, Expr end) { return Range(std::move(start), std::move(end)); },
                {"start", "end"})
      .def_ro("start", &RangeObj::start)
      .def_ro("end", &RangeObj::end)
      .def_ro("span", &RangeObj::span, StructuralIgnore(), DefaultValue(Span::Unknown()));
}

}  // namespace ir
}  // namespace tvm
