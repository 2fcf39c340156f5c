/*!
 * \file tvm/ffi/optional.h
 * \brief Optional<T>: a value or None across the FFI (std::optional with TypeTraits).
 */
#ifndef TVM_FFI_OPTIONAL_H_
#define TVM_FFI_OPTIONAL_H_

#include <tvm/ffi/any.h>

#include <optional>
#include <string>

namespace tvm {
namespace ffi {

template <typename T>
using Optional = std::optional<T>;

template <typename T>
struct TypeTraits<std::optional<T>, std::enable_if_t<TypeTraits<T>::enabled>> {
  static constexpr bool enabled = true;
  static void CopyToAnyView(const std::optional<T>& src, AnyPOD* dst) {
    if (src.has_value()) {
      TypeTraits<T>::CopyToAnyView(*src, dst);
    } else {
      details::SetNone(dst);
    }
  }
  static void MoveToAny(std::optional<T> src, AnyPOD* dst) {
    if (src.has_value()) {
      TypeTraits<T>::MoveToAny(std::move(*src), dst);
    } else {
      details::SetNone(dst);
    }
  }
  static bool CheckStrict(const AnyPOD* src) {
    return src->type_index == TypeIndex::kNone || TypeTraits<T>::CheckStrict(src);
  }
  static std::optional<std::optional<T>> TryCast(const AnyPOD* src) {
    if (src->type_index == TypeIndex::kNone) return std::optional<T>();
    std::optional<T> value = TypeTraits<T>::TryCast(src);
    if (!value.has_value()) return std::nullopt;
    return value;
  }
  static std::string TypeStr() { return "Optional<" + TypeTraits<T>::TypeStr() + ">"; }
};

}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_OPTIONAL_H_
