// Helpers shared by the ffi doctest suites.
#ifndef TVM_LSP_TESTS_CPP_FFI_TEST_UTIL_H_
#define TVM_LSP_TESTS_CPP_FFI_TEST_UTIL_H_

#include <tvm/ffi/error.h>
#include <tvm/ffi/object.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace ffi_test {

/*! \brief Runs f and returns the tvm::ffi::Error it threw, or nullopt when it threw none. */
template <typename F>
std::optional<tvm::ffi::Error> CaptureError(F&& f) {
  try {
    std::forward<F>(f)();
  } catch (const tvm::ffi::Error& e) {
    return e;
  }
  return std::nullopt;
}

/*! \brief "Kind: message" of what f throws, or "" when it throws nothing. */
template <typename F>
std::string ErrorOf(F&& f) {
  std::optional<tvm::ffi::Error> error = CaptureError(std::forward<F>(f));
  return error ? std::string(error->what()) : std::string();
}

/*! \brief Whether text ends with suffix. */
inline bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

/*! \brief The number of live objects in the process. */
inline int64_t LiveObjects() { return tvm::ffi::details::LiveObjectCounter().load(); }

}  // namespace ffi_test

#endif  // TVM_LSP_TESTS_CPP_FFI_TEST_UTIL_H_
