/*!
 * \file tvm/ffi/string.h
 * \brief String and Bytes: immutable byte sequences held as objects; compared by content.
 */
#ifndef TVM_FFI_STRING_H_
#define TVM_FFI_STRING_H_

#include <tvm/ffi/any.h>

#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace tvm {
namespace ffi {

/*! \brief The data of a String (UTF-8 text). */
class StringObj : public Object {
 public:
  StringObj() = default;
  explicit StringObj(std::string text) : data(std::move(text)) {}
  std::string data;
  TVM_FFI_DECLARE_STATIC_OBJECT_INFO("ffi.String", StringObj, Object, TypeIndex::kStr, true)
};

/*! \brief The data of a Bytes value (arbitrary bytes). */
class BytesObj : public Object {
 public:
  BytesObj() = default;
  explicit BytesObj(std::string bytes) : data(std::move(bytes)) {}
  std::string data;
  TVM_FFI_DECLARE_STATIC_OBJECT_INFO("ffi.Bytes", BytesObj, Object, TypeIndex::kBytes, true)
};

/*! \brief Shared interface of String and Bytes: never null, compared by content. */
template <typename Derived, typename TObj>
class BytesLikeRef : public ObjectRef {
 public:
  const std::string& str() const { return static_cast<const TObj*>(data_.get())->data; }
  std::string_view view() const { return str(); }
  const char* c_str() const { return str().c_str(); }
  const char* data() const { return str().data(); }
  size_t size() const { return str().size(); }
  bool empty() const { return str().empty(); }
  operator std::string() const { return str(); }  // NOLINT(google-explicit-constructor)
  bool operator==(const Derived& other) const { return view() == other.view(); }
  bool operator!=(const Derived& other) const { return view() != other.view(); }
  bool operator<(const Derived& other) const { return view() < other.view(); }
  bool operator==(std::string_view other) const { return view() == other; }
  bool operator!=(std::string_view other) const { return view() != other; }
  bool operator==(const char* other) const { return view() == other; }
  bool operator==(const std::string& other) const { return view() == other; }
  const TObj* get() const { return static_cast<const TObj*>(data_.get()); }
  const TObj* operator->() const { return get(); }

  using ContainerType = TObj;
  static constexpr bool _type_is_nullable = false;
  static constexpr bool _type_custom_traits = true;

 protected:
  BytesLikeRef() = default;
  explicit BytesLikeRef(ObjectPtr<Object> n) : ObjectRef(std::move(n)) {}
};

/*! \brief An immutable UTF-8 string object. */
class String : public BytesLikeRef<String, StringObj> {
 public:
  String() : String(std::string()) {}
  String(std::string text)  // NOLINT(google-explicit-constructor)
      : BytesLikeRef(make_object<StringObj>(std::move(text))) {}
  String(const char* text) : String(std::string(text)) {}       // NOLINT
  String(std::string_view text) : String(std::string(text)) {}  // NOLINT
  explicit String(ObjectPtr<Object> n) : BytesLikeRef(std::move(n)) {}
};

/*! \brief An immutable byte-string object. */
class Bytes : public BytesLikeRef<Bytes, BytesObj> {
 public:
  Bytes() : Bytes(std::string()) {}
  explicit Bytes(std::string bytes) : BytesLikeRef(make_object<BytesObj>(std::move(bytes))) {}
  explicit Bytes(ObjectPtr<Object> n) : BytesLikeRef(std::move(n)) {}
};

inline std::ostream& operator<<(std::ostream& os, const String& s) { return os << s.view(); }
inline String operator+(const String& a, std::string_view b) {
  return String(a.str() + std::string(b));
}

/*! \brief String accepts a String object or a borrowed C string. */
template <>
struct TypeTraits<String> : ObjectRefTypeTraitsBase<String> {
  static bool CheckStrict(const AnyPOD* src) { return src->type_index == TypeIndex::kStr; }
  static std::optional<String> TryCast(const AnyPOD* src) {
    if (src->type_index == TypeIndex::kRawStr) return String(src->v_c_str);
    if (src->type_index != TypeIndex::kStr) return std::nullopt;
    return details::ObjectUnsafe::RefFromPtr<String>(
        details::ObjectUnsafe::PtrFromRaw<Object>(src->v_obj));
  }
  static std::string TypeStr() { return "str"; }
};

template <>
struct TypeTraits<Bytes> : ObjectRefTypeTraitsBase<Bytes> {
  static bool CheckStrict(const AnyPOD* src) { return src->type_index == TypeIndex::kBytes; }
  static std::optional<Bytes> TryCast(const AnyPOD* src) {
    if (src->type_index != TypeIndex::kBytes) return std::nullopt;
    return details::ObjectUnsafe::RefFromPtr<Bytes>(
        details::ObjectUnsafe::PtrFromRaw<Object>(src->v_obj));
  }
  static std::string TypeStr() { return "bytes"; }
};

/*! \brief std::string crosses as a String object. */
template <>
struct TypeTraits<std::string> {
  static constexpr bool enabled = true;
  static void CopyToAnyView(const std::string& src, AnyPOD* dst) {
    dst->type_index = TypeIndex::kRawStr;
    dst->zero_padding = 0;
    dst->v_c_str = src.c_str();
  }
  static void MoveToAny(std::string src, AnyPOD* dst) {
    TypeTraits<String>::MoveToAny(String(std::move(src)), dst);
  }
  static bool CheckStrict(const AnyPOD* src) { return TypeTraits<String>::CheckStrict(src); }
  static std::optional<std::string> TryCast(const AnyPOD* src) {
    if (src->type_index == TypeIndex::kRawStr) return std::string(src->v_c_str);
    if (src->type_index == TypeIndex::kStr) return static_cast<StringObj*>(src->v_obj)->data;
    return std::nullopt;
  }
  static std::string TypeStr() { return "str"; }
};

}  // namespace ffi
}  // namespace tvm

template <>
struct std::hash<::tvm::ffi::String> {
  size_t operator()(const ::tvm::ffi::String& s) const {
    return std::hash<std::string_view>()(s.view());
  }
};

#endif  // TVM_FFI_STRING_H_
