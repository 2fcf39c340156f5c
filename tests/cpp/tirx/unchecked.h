// Building IR past the constructors' checks, as a faulty pass could: for the tests of what the
// analyses do with ill-formed IR.
#ifndef TVM_LSP_TESTS_CPP_TIRX_UNCHECKED_H_
#define TVM_LSP_TESTS_CPP_TIRX_UNCHECKED_H_

#include <tvm/ffi/reflection/registry.h>

#include <string>
#include <utility>
#include <vector>

namespace tirx_test {

/*! \brief A node of type `key` built field by field, with no constructor run. */
template <typename T>
T Unchecked(const char* key, const std::vector<std::pair<std::string, tvm::ffi::AnyView>>& fields) {
  namespace refl = tvm::ffi::reflection;
  return refl::CreateFromFields(refl::GetTypeInfo(key)->type_index, fields).cast<T>();
}

}  // namespace tirx_test

#endif  // TVM_LSP_TESTS_CPP_TIRX_UNCHECKED_H_
