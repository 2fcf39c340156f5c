/*!
 * \file tvm/ffi/module.h
 * \brief Module: a named collection of functions. Empty for now; compiled libraries
 *  (`tvm_ffi.load_module`) will produce modules when code generation lands.
 */
#ifndef TVM_FFI_MODULE_H_
#define TVM_FFI_MODULE_H_

#include <tvm/ffi/function.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/string.h>

namespace tvm {
namespace ffi {

class ModuleObj : public Object {
 public:
  /*! \brief The functions the module exports, by name. */
  Map<String, Function> functions;
  TVM_FFI_DECLARE_STATIC_OBJECT_INFO("ffi.Module", ModuleObj, Object, TypeIndex::kModule, false)
};

class Module : public ObjectRef {
 public:
  Module() = default;
  explicit Module(ObjectPtr<Object> n) : ObjectRef(std::move(n)) {}
  /*! \return the exported function of that name, or nullopt. */
  std::optional<Function> GetFunction(const String& name) const {
    if (!defined()) TVM_FFI_THROW(ValueError) << "Cannot look up `" << name << "` in a null Module";
    return get()->functions.Get(name);
  }
  const ModuleObj* get() const { return static_cast<const ModuleObj*>(data_.get()); }
  const ModuleObj* operator->() const { return get(); }
  using ContainerType = ModuleObj;
};

}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_MODULE_H_
