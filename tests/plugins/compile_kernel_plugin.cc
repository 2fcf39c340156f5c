/*!
 * \file compile_kernel_plugin.cc
 * \brief A test plugin that the Python tests load with ctypes: at static-initialisation time it
 *  registers "my_compiler.compile_kernel", the function of the Python guide's
 *  `__tvm_ffi_opaque_ptr__` example.
 */
#include <tvm/ffi/error.h>
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/registry.h>

#include <cstdint>

namespace {

/*! \brief Bytes the kernel "compiler" writes; the tests check buffer[i] == i * 3 + 1. */
constexpr int kPatternSize = 16;

void CompileKernel(void* workspace) {
  if (workspace == nullptr) {
    TVM_FFI_THROW(ValueError) << "my_compiler.compile_kernel needs a workspace, got a null pointer";
  }
  auto* bytes = static_cast<uint8_t*>(workspace);
  for (int i = 0; i < kPatternSize; ++i) bytes[i] = static_cast<uint8_t>(i * 3 + 1);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::GlobalDef().def("my_compiler.compile_kernel", CompileKernel,
                        "Writes bytes i * 3 + 1 (i < 16) into the workspace it is given.");
}

}  // namespace
