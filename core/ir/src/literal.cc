/*!
 * \file literal.cc
 * \brief DataTypeImm, GenericConst and Tuple: construction and reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/literal.h>

namespace tvm {
namespace ir {

DataTypeImm::DataTypeImm(ffi::DataType value, Span span)
    : Expr(ffi::make_object<DataTypeImmObj>()) {
  auto* node = const_cast<DataTypeImmObj*>(get());
  node->value = value;
  node->ty = Type(ffi::make_object<AnyTypeObj>());
  node->span = std::move(span);
}

GenericConst::GenericConst(Type ty, ffi::Any value, Span span)
    : Expr(ffi::make_object<GenericConstObj>()) {
  if (!ty.defined()) TVM_FFI_THROW(ValueError) << "`ir.GenericConst.ty` is None";
  switch (value.type_index()) {
    case ffi::TypeIndex::kInt:
    case ffi::TypeIndex::kBool:
    case ffi::TypeIndex::kFloat:
    case ffi::TypeIndex::kStr:
      // One spelling per constant: numbers and strings have nodes of their own.
      TVM_FFI_THROW(TypeError) << "`T.GenericConst` does not hold a number or a str: write "
                                  "`T.IntImm`, `T.FloatImm` or `T.StringImm`";
    default:
      break;
  }
  auto* node = const_cast<GenericConstObj*>(get());
  node->ty = std::move(ty);
  node->value = std::move(value);
  node->span = std::move(span);
}

Tuple::Tuple(ffi::Array<Expr> fields, Span span) : Expr(ffi::make_object<TupleObj>()) {
  ffi::Array<Type> types;
  for (const Expr& field : fields) {
    if (!field.defined()) TVM_FFI_THROW(ValueError) << "A field of `ir.Tuple` is None";
    types.push_back(field->ty);
  }
  auto* node = const_cast<TupleObj*>(get());
  node->fields = std::move(fields);
  node->ty = TupleType(std::move(types));
  node->span = std::move(span);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<DataTypeImmObj>()
      .def_init([](ffi::DataType value) { return DataTypeImm(value); }, {"value"})
      .def_ro("value", &DataTypeImmObj::value);
  refl::ObjectDef<GenericConstObj>()
      .def_init(
          [](Type ty, ffi::Any value) { return GenericConst(std::move(ty), std::move(value)); },
          {"ty", "value"})
      .def_ro("value", &GenericConstObj::value);
  refl::ObjectDef<TupleObj>()
      .def_init([](ffi::Array<Expr> fields) { return Tuple(std::move(fields)); }, {"fields"})
      .def_ro("fields", &TupleObj::fields);
}

}  // namespace ir
}  // namespace tvm
