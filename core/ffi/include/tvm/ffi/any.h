/*!
 * \file tvm/ffi/any.h
 * \brief Any and AnyView: a 16-byte tagged value, and the TypeTraits that convert C++ types to
 *  and from it.
 *
 * AnyView borrows (no reference count); Any owns. Every type that crosses a Function call or
 * sits in a container has a TypeTraits specialisation with:
 *  - CopyToAnyView(const T&, AnyPOD*): store without taking a reference;
 *  - MoveToAny(T, AnyPOD*): store, transferring ownership of an object;
 *  - CheckStrict(const AnyPOD*): whether the value already is a T (no conversion);
 *  - TryCast(const AnyPOD*): the value as a T, allowing the implicit conversions (int -> float,
 *    str -> DataType, ...), or nullopt;
 *  - TypeStr(): the name used in error messages ("int", "prim.Expr", "Array<int>").
 */
#ifndef TVM_FFI_ANY_H_
#define TVM_FFI_ANY_H_

#include <tvm/ffi/dtype.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/object.h>

#include <cstddef>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace tvm {
namespace ffi {

/*!
 * \brief The raw 16 bytes: a type index and an 8-byte payload, laid out as the C TVMFFIAny
 *  (c_api.h) but with the object as an Object* rather than the C header's pointer.
 */
struct AnyPOD {
  int32_t type_index;
  union {
    uint32_t zero_padding;
    uint32_t small_str_len;
  };
  union {
    int64_t v_int64;
    double v_float64;
    void* v_ptr;
    const char* v_c_str;
    DLDataType v_dtype;
    DLDevice v_device;
    Object* v_obj;
    char v_bytes[8];
    uint64_t v_uint64;
  };
};
static_assert(sizeof(AnyPOD) == 16 && sizeof(AnyPOD) == sizeof(TVMFFIAny), "Any is 16 bytes");
static_assert(alignof(AnyPOD) == alignof(TVMFFIAny), "Any is aligned as TVMFFIAny");
static_assert(offsetof(AnyPOD, type_index) == offsetof(TVMFFIAny, type_index) &&
                  offsetof(AnyPOD, zero_padding) == offsetof(TVMFFIAny, zero_padding) &&
                  offsetof(AnyPOD, small_str_len) == offsetof(TVMFFIAny, small_str_len) &&
                  offsetof(AnyPOD, v_int64) == offsetof(TVMFFIAny, v_int64) &&
                  offsetof(AnyPOD, v_obj) == offsetof(TVMFFIAny, v_obj),
              "AnyPOD's fields sit where TVMFFIAny's do");

namespace details {
/*! \brief Name of a type index in messages: "None", "int", ..., or the object's type key. */
std::string TypeIndexToTypeStr(int32_t type_index);
/*! \brief Owning conversion of a borrowed C string into a String object. */
void RawStrToOwned(AnyPOD* data);
[[noreturn]] void ThrowCastError(int32_t from_index, const std::string& to_type);
inline void SetNone(AnyPOD* data) {
  data->type_index = TypeIndex::kNone;
  data->zero_padding = 0;
  data->v_int64 = 0;
}
}  // namespace details

/*! \brief Primary template: types without traits cannot cross the FFI. */
template <typename T, typename = void>
struct TypeTraits {
  static constexpr bool enabled = false;
};

/*! \brief Shared code of the traits of inline (non-object) values. */
template <typename T, int32_t kIndex>
struct PODTypeTraitsBase {
  static constexpr bool enabled = true;
  static void MoveToAny(T src, AnyPOD* dst) { TypeTraits<T>::CopyToAnyView(src, dst); }
  static bool CheckStrict(const AnyPOD* src) { return src->type_index == kIndex; }
};

template <typename Int>
struct TypeTraits<Int, std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, bool>>>
    : PODTypeTraitsBase<Int, TypeIndex::kInt> {
  static void CopyToAnyView(const Int& src, AnyPOD* dst) {
    dst->type_index = TypeIndex::kInt;
    dst->zero_padding = 0;
    dst->v_int64 = static_cast<int64_t>(src);
  }
  static std::optional<Int> TryCast(const AnyPOD* src) {
    if (src->type_index == TypeIndex::kInt || src->type_index == TypeIndex::kBool) {
      return static_cast<Int>(src->v_int64);
    }
    return std::nullopt;
  }
  static std::string TypeStr() { return "int"; }
};

template <>
struct TypeTraits<bool> : PODTypeTraitsBase<bool, TypeIndex::kBool> {
  static void CopyToAnyView(const bool& src, AnyPOD* dst) {
    dst->type_index = TypeIndex::kBool;
    dst->zero_padding = 0;
    dst->v_int64 = src ? 1 : 0;
  }
  static std::optional<bool> TryCast(const AnyPOD* src) {
    if (src->type_index == TypeIndex::kBool || src->type_index == TypeIndex::kInt) {
      return src->v_int64 != 0;
    }
    return std::nullopt;
  }
  static std::string TypeStr() { return "bool"; }
};

template <typename Float>
struct TypeTraits<Float, std::enable_if_t<std::is_floating_point_v<Float>>>
    : PODTypeTraitsBase<Float, TypeIndex::kFloat> {
  static void CopyToAnyView(const Float& src, AnyPOD* dst) {
    dst->type_index = TypeIndex::kFloat;
    dst->zero_padding = 0;
    dst->v_float64 = static_cast<double>(src);
  }
  static std::optional<Float> TryCast(const AnyPOD* src) {
    if (src->type_index == TypeIndex::kFloat) return static_cast<Float>(src->v_float64);
    if (src->type_index == TypeIndex::kInt || src->type_index == TypeIndex::kBool) {
      return static_cast<Float>(src->v_int64);
    }
    return std::nullopt;
  }
  static std::string TypeStr() { return "float"; }
};

template <>
struct TypeTraits<void*> : PODTypeTraitsBase<void*, TypeIndex::kOpaquePtr> {
  static void CopyToAnyView(void* const& src, AnyPOD* dst) {
    if (src == nullptr) {
      details::SetNone(dst);
      return;
    }
    dst->type_index = TypeIndex::kOpaquePtr;
    dst->zero_padding = 0;
    dst->v_ptr = src;
  }
  static std::optional<void*> TryCast(const AnyPOD* src) {
    if (src->type_index == TypeIndex::kOpaquePtr) return src->v_ptr;
    if (src->type_index == TypeIndex::kNone) return nullptr;
    return std::nullopt;
  }
  static std::string TypeStr() { return "void*"; }
};

template <>
struct TypeTraits<std::nullptr_t> : PODTypeTraitsBase<std::nullptr_t, TypeIndex::kNone> {
  static void CopyToAnyView(const std::nullptr_t&, AnyPOD* dst) { details::SetNone(dst); }
  static std::optional<std::nullptr_t> TryCast(const AnyPOD* src) {
    if (src->type_index == TypeIndex::kNone) return nullptr;
    return std::nullopt;
  }
  static std::string TypeStr() { return "None"; }
};

namespace details {
/*! \brief Parses a DataType from a String object; nullopt when the text is not a dtype. */
std::optional<DataType> DataTypeFromStringObject(const AnyPOD* src);
}  // namespace details

template <>
struct TypeTraits<DataType> : PODTypeTraitsBase<DataType, TypeIndex::kDataType> {
  static void CopyToAnyView(const DataType& src, AnyPOD* dst) {
    dst->type_index = TypeIndex::kDataType;
    dst->zero_padding = 0;
    dst->v_int64 = 0;
    dst->v_dtype = src;
  }
  static std::optional<DataType> TryCast(const AnyPOD* src) {
    if (src->type_index == TypeIndex::kDataType) return DataType(src->v_dtype);
    if (src->type_index == TypeIndex::kStr || src->type_index == TypeIndex::kRawStr) {
      return details::DataTypeFromStringObject(src);
    }
    return std::nullopt;
  }
  static std::string TypeStr() { return "DataType"; }
};

template <>
struct TypeTraits<DLDevice> : PODTypeTraitsBase<DLDevice, TypeIndex::kDevice> {
  static void CopyToAnyView(const DLDevice& src, AnyPOD* dst) {
    dst->type_index = TypeIndex::kDevice;
    dst->zero_padding = 0;
    dst->v_int64 = 0;
    dst->v_device = src;
  }
  static std::optional<DLDevice> TryCast(const AnyPOD* src) {
    if (src->type_index == TypeIndex::kDevice) return src->v_device;
    return std::nullopt;
  }
  static std::string TypeStr() { return "Device"; }
};

/*! \brief Traits of managed references: store the object pointer and its type index. */
template <typename TRef>
struct ObjectRefTypeTraitsBase {
  static constexpr bool enabled = true;
  using ContainerType = typename TRef::ContainerType;

  static void CopyToAnyView(const TRef& src, AnyPOD* dst) {
    Object* obj = details::ObjectUnsafe::RawPtr(src);
    if (obj == nullptr) {
      details::SetNone(dst);
      return;
    }
    dst->type_index = obj->type_index();
    dst->zero_padding = 0;
    dst->v_obj = obj;
  }
  static void MoveToAny(TRef src, AnyPOD* dst) {
    Object* obj = details::ObjectUnsafe::ReleasePtr(details::ObjectUnsafe::MutablePtr(src));
    if (obj == nullptr) {
      details::SetNone(dst);
      return;
    }
    dst->type_index = obj->type_index();
    dst->zero_padding = 0;
    dst->v_obj = obj;
  }
  static bool CheckStrict(const AnyPOD* src) {
    if (src->type_index == TypeIndex::kNone) return TRef::_type_is_nullable;
    return src->type_index >= TypeIndex::kStaticObjectBegin &&
           src->v_obj->IsInstance<ContainerType>();
  }
  static std::optional<TRef> TryCast(const AnyPOD* src) {
    if (!TypeTraits<TRef>::CheckStrict(src)) return std::nullopt;
    if (src->type_index == TypeIndex::kNone) {
      return details::ObjectUnsafe::RefFromPtr<TRef>(ObjectPtr<Object>());
    }
    return details::ObjectUnsafe::RefFromPtr<TRef>(
        details::ObjectUnsafe::PtrFromRaw<Object>(src->v_obj));
  }
  static std::string TypeStr() {
    if constexpr (std::is_same_v<ContainerType, Object>) {
      return "Object";
    } else {
      return ContainerType::_type_key;
    }
  }
};

template <typename TRef>
struct TypeTraits<
    TRef, std::enable_if_t<std::is_base_of_v<ObjectRef, TRef> && !TRef::_type_custom_traits>>
    : ObjectRefTypeTraitsBase<TRef> {};

class Any;

/*! \brief Any passes through unchanged (bodies follow the class). */
template <>
struct TypeTraits<Any> {
  static constexpr bool enabled = true;
  static void CopyToAnyView(const Any& src, AnyPOD* dst);
  static void MoveToAny(Any src, AnyPOD* dst);
  static bool CheckStrict(const AnyPOD*) { return true; }
  static std::optional<Any> TryCast(const AnyPOD* src);
  static std::string TypeStr() { return "Any"; }
};

/*! \brief A borrowed value: valid only while what it points at lives. */
class AnyView {
 public:
  AnyView() { details::SetNone(&data_); }
  template <typename T, typename = std::enable_if_t<TypeTraits<std::decay_t<T>>::enabled &&
                                                    !std::is_same_v<std::decay_t<T>, Any>>>
  AnyView(const T& value) {  // NOLINT(google-explicit-constructor)
    TypeTraits<std::decay_t<T>>::CopyToAnyView(value, &data_);
  }
  AnyView(const Any& value);   // NOLINT(google-explicit-constructor)
  AnyView(const char* text) {  // NOLINT(google-explicit-constructor)
    data_.type_index = TypeIndex::kRawStr;
    data_.zero_padding = 0;
    data_.v_c_str = text;
  }
  AnyView(const std::string& text) : AnyView(text.c_str()) {}  // NOLINT
  static AnyView FromPOD(const AnyPOD& pod) {
    AnyView view;
    view.data_ = pod;
    return view;
  }

  int32_t type_index() const { return data_.type_index; }
  /*! \return "None", "int", ..., or the type key of the object held. */
  std::string GetTypeKey() const { return details::TypeIndexToTypeStr(data_.type_index); }
  bool is_none() const { return data_.type_index == TypeIndex::kNone; }
  bool is_object() const { return data_.type_index >= TypeIndex::kStaticObjectBegin; }
  const AnyPOD& pod() const { return data_; }

  /*! \brief The value when it already is a T (no conversion). */
  template <typename T, typename = std::enable_if_t<!std::is_base_of_v<Object, T>>>
  std::optional<T> as() const {
    if (TypeTraits<T>::CheckStrict(&data_)) return TypeTraits<T>::TryCast(&data_);
    return std::nullopt;
  }
  /*! \brief A borrowed pointer when the value is an object of type T, nullptr otherwise. */
  template <typename T, typename = std::enable_if_t<std::is_base_of_v<Object, T>>>
  const T* as() const {
    if (is_object() && data_.v_obj->IsInstance<T>()) return static_cast<const T*>(data_.v_obj);
    return nullptr;
  }
  /*! \brief The value as a T, allowing implicit conversions; nullopt when impossible. */
  template <typename T>
  std::optional<T> try_cast() const {
    if constexpr (std::is_same_v<T, Any> || std::is_same_v<T, AnyView>) {
      return T(*this);
    } else {
      return TypeTraits<T>::TryCast(&data_);
    }
  }
  /*! \brief Like try_cast, but throws TypeError "Cannot convert from type `A` to `B`". */
  template <typename T>
  T cast() const {
    std::optional<T> result = try_cast<T>();
    if (!result.has_value()) details::ThrowCastError(data_.type_index, TypeTraits<T>::TypeStr());
    return *std::move(result);
  }

 protected:
  AnyPOD data_;
};

/*! \brief An owning value: holds a reference to any object stored in it. */
class Any {
 public:
  Any() { details::SetNone(&data_); }
  Any(const Any& other) : data_(other.data_) {
    if (is_object()) details::ObjectUnsafe::IncRef(data_.v_obj);
  }
  Any(Any&& other) noexcept : data_(other.data_) { details::SetNone(&other.data_); }
  Any(const AnyView& view) : data_(view.pod()) {  // NOLINT(google-explicit-constructor)
    if (is_object()) {
      details::ObjectUnsafe::IncRef(data_.v_obj);
    } else if (data_.type_index == TypeIndex::kRawStr) {
      details::RawStrToOwned(&data_);
    }
  }
  template <typename T, typename = std::enable_if_t<TypeTraits<std::decay_t<T>>::enabled>>
  Any(T value) {  // NOLINT(google-explicit-constructor)
    TypeTraits<std::decay_t<T>>::MoveToAny(std::move(value), &data_);
  }
  Any(const char* text) : Any(AnyView(text)) {}  // NOLINT
  /*! \brief An owned String holding every byte of text (embedded NULs included). */
  Any(const std::string& text);  // NOLINT(google-explicit-constructor)
  ~Any() { reset(); }
  Any& operator=(const Any& other) {
    Any(other).swap(*this);
    return *this;
  }
  Any& operator=(Any&& other) noexcept {
    Any(std::move(other)).swap(*this);
    return *this;
  }
  void swap(Any& other) noexcept { std::swap(data_, other.data_); }
  void reset() {
    if (is_object()) details::ObjectUnsafe::DecRef(data_.v_obj);
    details::SetNone(&data_);
  }

  int32_t type_index() const { return data_.type_index; }
  std::string GetTypeKey() const { return details::TypeIndexToTypeStr(data_.type_index); }
  bool is_none() const { return data_.type_index == TypeIndex::kNone; }
  bool is_object() const { return data_.type_index >= TypeIndex::kStaticObjectBegin; }
  const AnyPOD& pod() const { return data_; }

  template <typename T, typename = std::enable_if_t<!std::is_base_of_v<Object, T>>>
  std::optional<T> as() const {
    return AnyView(*this).as<T>();
  }
  template <typename T, typename = std::enable_if_t<std::is_base_of_v<Object, T>>>
  const T* as() const {
    return AnyView(*this).as<T>();
  }
  template <typename T>
  std::optional<T> try_cast() const {
    return AnyView(*this).try_cast<T>();
  }
  template <typename T>
  T cast() const {
    return AnyView(*this).cast<T>();
  }

  /*! \brief Adopts a POD that already owns its reference (used by the bindings). */
  static Any FromOwnedPOD(const AnyPOD& pod) {
    Any any;
    any.data_ = pod;
    return any;
  }
  /*! \brief Gives up ownership: the caller takes over the reference the POD holds. */
  AnyPOD ReleaseToPOD() && {
    AnyPOD pod = data_;
    details::SetNone(&data_);
    return pod;
  }

 private:
  AnyPOD data_;
};

inline AnyView::AnyView(const Any& value) : data_(value.pod()) {}

inline void TypeTraits<Any>::CopyToAnyView(const Any& src, AnyPOD* dst) { *dst = src.pod(); }
inline void TypeTraits<Any>::MoveToAny(Any src, AnyPOD* dst) {
  *dst = std::move(src).ReleaseToPOD();
}
inline std::optional<Any> TypeTraits<Any>::TryCast(const AnyPOD* src) {
  return Any(AnyView::FromPOD(*src));
}

template <typename TRef>
TRef ObjectRef::cast() const {
  return AnyView(*this).cast<TRef>();
}

/*!
 * \brief Hash and equality of Any as container keys: strings and bytes by content, other
 *  objects by identity, inline values by type and bits.
 */
struct AnyHash {
  size_t operator()(const Any& value) const;
};
struct AnyEqual {
  bool operator()(const Any& a, const Any& b) const;
};

}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_ANY_H_
