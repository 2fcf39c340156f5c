/*!
 * \file script.cc
 * \brief Script(): the core's way to the printer, through the global function registry.
 */
#include <tvm/ffi/function.h>
#include <tvm/ir/script.h>

namespace tvm {
namespace ir {

ffi::String Script(const ffi::Any& node, ffi::Map<ffi::String, ffi::Any> options) {
  std::optional<ffi::Function> printer = ffi::Function::GetGlobal("script.Script");
  if (!printer.has_value()) {
    TVM_FFI_THROW(RuntimeError) << "no TVMScript printer is loaded: `script.Script` is not "
                                   "registered (link libtvm_printer into the binary)";
  }
  return (*printer)(node, options).cast<ffi::String>();
}

}  // namespace ir
}  // namespace tvm
