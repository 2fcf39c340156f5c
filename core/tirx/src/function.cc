/*!
 * \file function.cc
 * \brief TIRx functions: construction (the type is derived from the signature) and reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/function.h>

namespace tvm {
namespace tirx {

Function::Function(ffi::Array<Var> params, Stmt body, FunctionOptions options) {
  for (const Var& param : params) {
    if (!param.defined()) TVM_FFI_THROW(ValueError) << "`tirx.Function.params` holds None";
  }
  if (!body.defined()) TVM_FFI_THROW(ValueError) << "`tirx.Function.body` is None";
  ffi::ObjectPtr<FunctionObj> node = ffi::make_object<FunctionObj>();
  // The signature type is derived on demand (SignatureType), not stored: a stored copy would
  // repeat the parameters' types ahead of the parameters, so traversals would meet their
  // symbols as uses before the Pattern region that defines them.
  node->span = std::move(options.span);
  node->params = std::move(params);
  node->ret_type = std::move(options.ret_type);
  node->body = std::move(body);
  node->attrs = std::move(options.attrs);
  node->is_private = options.is_private;
  data_ = std::move(node);
}

ir::FuncType Function::SignatureType() const {
  ffi::Array<Type> arg_types;
  for (const Var& param : get()->params) arg_types.push_back(param->ty);
  return ir::FuncType(arg_types, get()->ret_type);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<FunctionObj>()
      .def_init(
          [](ffi::Array<Var> params, Stmt body, Type ret_type,
             ffi::Map<ffi::String, ffi::Any> attrs, bool is_private) {
            return Function(std::move(params), std::move(body),
                            FunctionOptions{std::move(ret_type), std::move(attrs), is_private,
                                            Span::Unknown()});
          },
          {"params", "body", "ret_type", "attrs", "is_private"})
      .def_ro("params", &FunctionObj::params, refl::DefRegionKind::kPattern)
      .def_ro("ret_type", &FunctionObj::ret_type)
      .def_ro("body", &FunctionObj::body)
      .def_ro("attrs", &FunctionObj::attrs)
      .def_ro("is_private", &FunctionObj::is_private)
      .def(
          "signature_type", [](Function f) { return f.SignatureType(); },
          "The function's type: FuncType(parameter types, return type).");
}

}  // namespace tirx
}  // namespace tvm
