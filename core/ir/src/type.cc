/*!
 * \file type.cc
 * \brief Types: construction and reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/ir/type.h>

namespace tvm {
namespace ir {

Type Type::Missing() {
  static const Type* missing = new Type(ffi::make_object<MissingTypeObj>());
  return *missing;
}

bool Type::is_missing() const { return get() != nullptr && get()->IsInstance<MissingTypeObj>(); }

PrimType::PrimType(ffi::DataType dtype, Span span) : Type(ffi::make_object<PrimTypeObj>()) {
  auto* node = const_cast<PrimTypeObj*>(get());
  node->dtype = dtype;
  node->span = std::move(span);
}

PointerType::PointerType(Type element_type, ffi::String scope, Span span)
    : Type(ffi::make_object<PointerTypeObj>()) {
  auto* node = const_cast<PointerTypeObj*>(get());
  node->element_type = std::move(element_type);
  node->scope = std::move(scope);
  node->span = std::move(span);
}

FuncType::FuncType(ffi::Array<Type> arg_types, Type ret_type, Span span)
    : Type(ffi::make_object<FuncTypeObj>()) {
  auto* node = const_cast<FuncTypeObj*>(get());
  node->arg_types = std::move(arg_types);
  node->ret_type = std::move(ret_type);
  node->span = std::move(span);
}

TupleType::TupleType(ffi::Array<Type> fields, Span span) : Type(ffi::make_object<TupleTypeObj>()) {
  auto* node = const_cast<TupleTypeObj*>(get());
  node->fields = std::move(fields);
  node->span = std::move(span);
}

TensorType::TensorType(ffi::DataType dtype, ffi::Array<Expr> shape, TensorTypeOptions options)
    : Type(ffi::make_object<TensorTypeObj>()) {
  auto* node = const_cast<TensorTypeObj*>(get());
  node->dtype = dtype;
  node->shape = std::move(shape);
  node->strides = std::move(options.strides);
  node->elem_offset = std::move(options.elem_offset);
  node->scope = std::move(options.scope);
  node->alignment = options.alignment;
  node->span = std::move(options.span);
  if (options.layout.has_value()) {
    // Found by key: layout.cc registers it under Object, as this does when it comes first.
    static const int32_t layout_index =
        ffi::details::RegisterObjectType("tirx.Layout", ffi::TypeIndex::kObject, false);
    if (!ffi::details::IsDerivedFrom(options.layout.value()->type_index(), layout_index)) {
      TVM_FFI_THROW(TypeError) << "`TensorType.layout` must be a layout, got `"
                               << options.layout.value()->GetTypeKey() << "`";
    }
  }
  node->layout = std::move(options.layout);
}

namespace {

/*! \brief Registers a type with no fields: each value is its own, equal to any of its class. */
template <typename TypeNode>
void DefFieldlessType() {
  ffi::reflection::ObjectDef<TypeNode>().def_init(
      []() { return Type(ffi::make_object<TypeNode>()); }, {});
}

}  // namespace

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  using refl::DefaultValue;
  using refl::DefRegionKind;
  using refl::StructuralIgnore;
  // `Type()` is a bare type of no subclass (the reference's `T.Type()`); each subclass has its
  // own constructor.
  refl::ObjectDef<TypeObj>()
      .def_init([]() { return Type(ffi::make_object<TypeObj>()); }, {})
      .def_ro("span", &TypeObj::span, StructuralIgnore(), DefaultValue(Span::Unknown()));
  refl::ObjectDef<MissingTypeObj>().def_init([]() { return Type::Missing(); }, {});
  DefFieldlessType<AnyTypeObj>();
  DefFieldlessType<NoneTypeObj>();
  DefFieldlessType<OpaqueTypeObj>();
  DefFieldlessType<StringTypeObj>();
  DefFieldlessType<TensorRegionTypeObj>();
  refl::ObjectDef<TupleTypeObj>()
      .def_init([](ffi::Array<Type> fields) { return TupleType(std::move(fields)); }, {"fields"})
      .def_ro("fields", &TupleTypeObj::fields);
  refl::ObjectDef<PrimTypeObj>()
      .def_init([](ffi::DataType dtype) { return PrimType(dtype); }, {"dtype"})
      .def_ro("dtype", &PrimTypeObj::dtype);
  refl::ObjectDef<PointerTypeObj>()
      .def_init(
          [](Type element_type, ffi::String scope) {
            return PointerType(std::move(element_type), std::move(scope));
          },
          {"element_type", "scope"})
      .def_ro("element_type", &PointerTypeObj::element_type)
      .def_ro("scope", &PointerTypeObj::scope, DefaultValue(ffi::String("global")));
  refl::ObjectDef<FuncTypeObj>()
      .def_init([](ffi::Array<Type> arg_types,
                   Type ret_type) { return FuncType(std::move(arg_types), std::move(ret_type)); },
                {"arg_types", "ret_type"})
      .def_ro("arg_types", &FuncTypeObj::arg_types)
      .def_ro("ret_type", &FuncTypeObj::ret_type);
  refl::ObjectDef<TensorTypeObj>()
      .def_init(
          [](ffi::DataType dtype, ffi::Array<Expr> shape, ffi::Array<Expr> strides,
             ffi::Optional<Expr> elem_offset, ffi::String scope, int64_t alignment,
             ffi::Optional<ffi::ObjectRef> layout) {
            return TensorType(
                dtype, std::move(shape),
                TensorTypeOptions{std::move(strides), std::move(elem_offset), std::move(scope),
                                  alignment, Span::Unknown(), std::move(layout)});
          },
          {"dtype", "shape", "strides", "elem_offset", "scope", "alignment", "layout"})
      .def_ro("dtype", &TensorTypeObj::dtype)
      .def_ro("shape", &TensorTypeObj::shape)
      .def_ro("strides", &TensorTypeObj::strides, DefaultValue(ffi::Array<Expr>()))
      .def_ro("elem_offset", &TensorTypeObj::elem_offset, DefaultValue(ffi::Any()))
      .def_ro("scope", &TensorTypeObj::scope, DefaultValue(ffi::String("global")))
      .def_ro("alignment", &TensorTypeObj::alignment, DefaultValue(int64_t{64}))
      .def_ro("layout", &TensorTypeObj::layout, DefaultValue(ffi::Any()));
  refl::GlobalDef().def(
      "ir.MissingType", []() { return Type::Missing(); },
      "The shared missing type (Type.missing()).");
}

}  // namespace ir
}  // namespace tvm
