/*!
 * \file legacy_hooks.cc
 * \brief Builder hooks for today's TVMScript spelling (Apache TVM's), which TVMScript's `T`
 *  namespace maps onto the canonical IR (docs/frontend.md, "Today's spelling"):
 *
 *  - `tirx.builder.MatchParam`: `A = T.match_buffer(a, shape, dtype)` turns the handle
 *    parameter `a` into the tensor parameter `A`;
 *  - `tirx.builder.SignatureSymbols`: the symbols a string shape (`T.Buffer(("n",), ...)`) may
 *    refer to: scalar integer parameters and the variables in earlier parameters' types;
 *  - `tirx.builder.StringSymbol`: records a symbol a string shape declared, which a later
 *    parameter of its name and type is (`tirx.builder.Arg`);
 *  - `tirx.builder.SignatureDtypes` / `SignatureDtype`: the scalar parameters' dtypes, read
 *    before the parameters, which the symbol of a string extent naming one takes;
 *  - `tirx.builder.FunctionApacheSpelling` / `InApacheFunction`: the open function is written in
 *    Apache TVM's spelling (`@T.prim_func`), whose calls some members read as 0.27 does;
 *  - `tirx.builder.FunctionNamespace`: records `script.namespace` (`@T.prim_func(s_tir=True)`).
 */
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/reflection/structural_walk.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/builder.h>

#include <string>

namespace tvm {
namespace tirx {
namespace builder {
namespace {

/*! \brief An untyped handle: `T.handle`, which is `T.Ptr(T.void)`, or a handle dtype. */
bool IsHandle(const Var& var) {
  if (const auto* pointer = var->ty.as<ir::PointerTypeObj>()) {
    const auto* element = pointer->element_type.as<ir::PrimTypeObj>();
    return element != nullptr && element->dtype.is_void();
  }
  const auto* prim = var->ty.as<ir::PrimTypeObj>();
  return prim != nullptr && prim->dtype.is_handle();
}

std::string TypeName(const Type& ty) {
  if (const auto* prim = ty.as<ir::PrimTypeObj>()) return prim->dtype.ToString();
  return ty.defined() ? std::string(ty->GetTypeKey()) : std::string("None");
}

bool IsScalarInteger(const Var& var) {
  const auto* prim = var->ty.as<ir::PrimTypeObj>();
  return prim != nullptr && (prim->dtype.is_int() || prim->dtype.is_uint()) &&
         prim->dtype.lanes() == 1;
}

/*!
 * \brief `A = T.match_buffer(a, ...)`: replaces the handle parameter `handle` of the function
 *  being built by a new tensor parameter `name` of type `ty`. Only at the start of the
 *  function's body (nothing emitted yet, not inside a nested scope), once per handle.
 */
Var MatchParam(Var handle, ffi::String name, Type ty, Span name_span) {
  FunctionFrame frame = RequireFunctionFrame("`T.match_buffer`");
  if (!IRBuilder::Current().GetLastFrame<FunctionFrame>().has_value()) {
    TVM_FFI_THROW(ValueError) << "`T.match_buffer` must be at the top level of the function "
                                 "body, not inside a loop or other scope";
  }
  if (!frame->stmts.empty()) {
    TVM_FFI_THROW(ValueError) << "`T.match_buffer` must come before the other statements of "
                                 "the function body";
  }
  if (ty.as<ir::TensorTypeObj>() == nullptr) {
    TVM_FFI_THROW(TypeError) << "`T.match_buffer` needs a tensor type, got `"
                             << (ty.defined() ? ty->GetTypeKey() : "None") << "`";
  }
  FunctionFrameObj* node = frame.mutable_get();
  for (size_t i = 0; i < node->params.size(); ++i) {
    if (!node->params[i].same_as(handle)) continue;
    if (!IsHandle(handle)) {
      TVM_FFI_THROW(TypeError) << "`T.match_buffer` matches a `T.handle` parameter, but `"
                               << handle->name << "` has type `" << TypeName(handle->ty) << "`";
    }
    if (auto bound = node->bound_names.Get(name); bound.has_value() && !bound->same_as(handle)) {
      TVM_FFI_THROW(ValueError) << "`" << name << "` is already a parameter of the function";
    }
    Var tensor(name, ty, name_span);
    node->params.Set(i, tensor);
    // The handle keeps its entry under its own name: a second match of it is recognised below.
    node->bound_names.Set(name, tensor);
    return tensor;
  }
  if (auto bound = node->bound_names.Get(handle->name);
      bound.has_value() && bound->same_as(handle)) {
    TVM_FFI_THROW(ValueError) << "Parameter `" << handle->name
                              << "` is matched by `T.match_buffer` twice";
  }
  TVM_FFI_THROW(ValueError) << "`T.match_buffer` matches a `T.handle` parameter of the "
                               "function, and `"
                            << handle->name << "` is not one";
}

/*!
 * \brief The symbols a string shape may refer to, by name: the symbols string extents declared,
 *  scalar integer parameters and every variable inside the types of the parameters declared so
 *  far (empty outside a function).
 */
ffi::Map<ffi::String, Var> SignatureSymbols() {
  ffi::Map<ffi::String, Var> symbols;
  if (!IRBuilder::IsInScope()) return symbols;
  auto frame = IRBuilder::Current().FindFrame<FunctionFrame>();
  if (!frame.has_value()) return symbols;
  // Symbols quoted in the parameter being read (`("n", n)`) are declared before it is read.
  for (const auto& [name, symbol] : (*frame)->string_symbols) symbols.Set(name, symbol);
  for (const Var& param : (*frame)->params) {
    if (IsScalarInteger(param)) {
      if (!symbols.count(param->name)) symbols.Set(param->name, param);
      continue;
    }
    ffi::reflection::StructuralWalk(
        ffi::Any(param->ty),
        [&symbols](Var var) {
          if (IsScalarInteger(var) && !symbols.count(var->name)) symbols.Set(var->name, var);
        },
        ffi::reflection::WalkOrder::kPreOrder);
  }
  return symbols;
}

}  // namespace

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::GlobalDef()
      .def("tirx.builder.MatchParam", MatchParam)
      .def("tirx.builder.SignatureSymbols", SignatureSymbols)
      .def("tirx.builder.StringSymbol",
           [](ffi::String name, Var symbol) {
             // Outside a function (a type alone) there is no later parameter to share it.
             if (!IRBuilder::IsInScope()) return;
             auto frame = IRBuilder::Current().FindFrame<FunctionFrame>();
             if (frame.has_value()) frame->mutable_get()->string_symbols.Set(name, symbol);
           })
      .def("tirx.builder.SignatureDtypes",
           [](ffi::Map<ffi::String, ffi::String> dtypes) {
             if (!IRBuilder::IsInScope()) return;
             auto frame = IRBuilder::Current().FindFrame<FunctionFrame>();
             if (frame.has_value()) frame->mutable_get()->signature_dtypes = dtypes;
           })
      .def("tirx.builder.SignatureDtype",
           [](ffi::String name) -> ffi::String {
             if (!IRBuilder::IsInScope()) return "int32";
             auto frame = IRBuilder::Current().FindFrame<FunctionFrame>();
             if (!frame.has_value()) return "int32";
             return (*frame)->signature_dtypes.Get(name).value_or("int32");
           })
      .def("tirx.builder.FunctionApacheSpelling",
           []() {
             if (!IRBuilder::IsInScope()) return;
             auto frame = IRBuilder::Current().FindFrame<FunctionFrame>();
             if (frame.has_value()) frame->mutable_get()->apache_spelling = true;
           })
      .def("tirx.builder.InApacheFunction",
           []() -> bool {
             if (!IRBuilder::IsInScope()) return false;
             auto frame = IRBuilder::Current().FindFrame<FunctionFrame>();
             return frame.has_value() && (*frame)->apache_spelling;
           })
      .def("tirx.builder.FunctionNamespace", [](FunctionFrame frame, ffi::String ns) {
        frame.mutable_get()->attrs.Set("script.namespace", ns);
      });
}

}  // namespace builder
}  // namespace tirx
}  // namespace tvm
