/*!
 * \file tvm/ffi/object.h
 * \brief The object header, managed references and the type hierarchy queries.
 *
 * Every IR node, container and function is an Object: the C header TVMFFIObject (c_api.h:
 * strong and weak reference counts, type index, deleter), followed by the fields of the concrete
 * type. Objects come in pairs: `FooObj` holds the data and `Foo` (an ObjectRef) is the managed
 * reference users hold.
 */
#ifndef TVM_FFI_OBJECT_H_
#define TVM_FFI_OBJECT_H_

#include <tvm/ffi/base.h>

#include <atomic>
#include <cstddef>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace tvm {
namespace ffi {

class Object;
template <typename T>
class ObjectPtr;

namespace details {
/*! \brief Live object counter, shared by every binary through the core library. */
std::atomic<int64_t>& LiveObjectCounter();
/*! \brief Registers (or finds) a type; idempotent for the same key and parent. */
int32_t RegisterObjectType(std::string_view type_key, int32_t parent_index, bool final);
/*! \brief O(1) check that `child` is `parent` or derives from it. */
bool IsDerivedFrom(int32_t child, int32_t parent);
/*! \brief Type key of a registered index ("<unknown type N>" otherwise). */
const std::string& TypeIndexToKey(int32_t type_index);
struct ObjectUnsafe;
/*!
 * \brief Finishes an object whose strong count just reached zero: the deleter destroys it and,
 *  unless a weak reference still holds the header, frees it. A deletion that releases the last
 *  reference to a child while another deletion runs on the same thread is queued, not nested, so
 *  freeing a deeply nested structure takes constant stack.
 */
void DestroyObject(Object* obj);

/*! \brief One strong, one weak reference: the halves of TVMFFIObject::combined_ref_count. */
inline constexpr uint64_t kStrongRefOne = 1;
inline constexpr uint64_t kWeakRefOne = uint64_t{1} << 32;
inline constexpr uint64_t kStrongRefMask = kWeakRefOne - 1;

/*!
 * \brief The deleter make_object installs for T: the Strong flag runs the destructor, the Weak
 *  flag frees the memory (both in one call when no weak reference outlives the object).
 */
template <typename T>
void ObjectDeleter(void* self, int flags);
}  // namespace details

/*!
 * \brief Base of every object: exactly the C header TVMFFIObject, nothing more (no virtual
 *  functions), so an Object* and a TVMFFIObject* are the same address.
 */
class Object {
 public:
  Object() : header_{0, TypeIndex::kObject, 0, {nullptr}} {
    details::LiveObjectCounter().fetch_add(1, std::memory_order_relaxed);
  }
  // A copy is a new object: it starts unowned and keeps the type of the original.
  Object(const Object& other) : header_{0, other.header_.type_index, 0, {other.header_.deleter}} {
    details::LiveObjectCounter().fetch_add(1, std::memory_order_relaxed);
  }
  Object& operator=(const Object&) = delete;
  ~Object() { details::LiveObjectCounter().fetch_sub(1, std::memory_order_relaxed); }

  /*! \return the runtime type index of this object. */
  int32_t type_index() const { return header_.type_index; }
  /*! \return the registered type key, such as "prim.Add". */
  const std::string& GetTypeKey() const { return details::TypeIndexToKey(header_.type_index); }
  /*! \return whether this object is a TargetType or derives from it. */
  template <typename TargetType>
  bool IsInstance() const;
  /*! \return the number of strong (managed) references to this object. */
  int32_t use_count() const {
    return static_cast<int32_t>(CombinedCount().load(std::memory_order_relaxed) &
                                details::kStrongRefMask);
  }
  /*! \return whether exactly one managed reference holds this object. */
  bool unique() const { return use_count() == 1; }

  static constexpr const char* _type_key = "ffi.Object";
  static constexpr bool _type_final = false;
  static int32_t RuntimeTypeIndex() { return TypeIndex::kObject; }

 protected:
  void IncRef() { CombinedCount().fetch_add(details::kStrongRefOne, std::memory_order_relaxed); }
  void DecRef() {
    const uint64_t before =
        CombinedCount().fetch_sub(details::kStrongRefOne, std::memory_order_release);
    if ((before & details::kStrongRefMask) == details::kStrongRefOne) {
      std::atomic_thread_fence(std::memory_order_acquire);
      // An object that make_object did not create (one on the stack) has no deleter.
      if (header_.deleter != nullptr) details::DestroyObject(this);
    }
  }

 private:
  // The header is a plain C struct; the reference count is updated through atomic_ref, the
  // same 64-bit atomic operations C code built against c_api.h performs on it.
  std::atomic_ref<uint64_t> CombinedCount() const {
    return std::atomic_ref<uint64_t>(const_cast<uint64_t&>(header_.combined_ref_count));
  }

  TVMFFIObject header_;

  template <typename>
  friend class ObjectPtr;
  friend struct details::ObjectUnsafe;
  template <typename T, typename... Args>
  friend ObjectPtr<T> make_object(Args&&... args);
};

// The C++ object is the C header and nothing else; a drift from c_api.h fails to compile.
static_assert(std::is_standard_layout_v<Object>, "Object must be pointer-interconvertible");
static_assert(sizeof(Object) == sizeof(TVMFFIObject), "Object is exactly the C header");
static_assert(alignof(Object) == alignof(TVMFFIObject), "Object is aligned as the C header");
static_assert(std::atomic_ref<uint64_t>::required_alignment <= alignof(TVMFFIObject),
              "the combined count must be usable as an atomic");

template <typename TargetType>
inline bool Object::IsInstance() const {
  if constexpr (std::is_same_v<TargetType, Object>) {
    return true;
  } else {
    const int32_t target = TargetType::RuntimeTypeIndex();
    if (header_.type_index == target) return true;
    if constexpr (TargetType::_type_final) {
      return false;
    } else {
      return details::IsDerivedFrom(header_.type_index, target);
    }
  }
}

/*! \brief An owning, intrusive pointer to an object of type T. */
template <typename T>
class ObjectPtr {
 public:
  ObjectPtr() = default;
  ObjectPtr(std::nullptr_t) {}  // NOLINT(google-explicit-constructor)
  ObjectPtr(const ObjectPtr& other) : ObjectPtr(other.data_) {}
  ObjectPtr(ObjectPtr&& other) noexcept : data_(other.data_) { other.data_ = nullptr; }
  template <typename U, typename = std::enable_if_t<std::is_base_of_v<T, U>>>
  ObjectPtr(const ObjectPtr<U>& other) : ObjectPtr(other.data_) {}  // NOLINT
  template <typename U, typename = std::enable_if_t<std::is_base_of_v<T, U>>>
  ObjectPtr(ObjectPtr<U>&& other) noexcept : data_(other.data_) {  // NOLINT
    other.data_ = nullptr;
  }
  ~ObjectPtr() { reset(); }

  ObjectPtr& operator=(const ObjectPtr& other) {
    ObjectPtr(other).swap(*this);
    return *this;
  }
  ObjectPtr& operator=(ObjectPtr&& other) noexcept {
    ObjectPtr(std::move(other)).swap(*this);
    return *this;
  }
  void swap(ObjectPtr& other) noexcept { std::swap(data_, other.data_); }

  T* get() const { return static_cast<T*>(data_); }
  T* operator->() const { return get(); }
  T& operator*() const { return *get(); }
  explicit operator bool() const { return data_ != nullptr; }
  bool operator==(const ObjectPtr& other) const { return data_ == other.data_; }
  bool operator==(std::nullptr_t) const { return data_ == nullptr; }
  int32_t use_count() const { return data_ != nullptr ? data_->use_count() : 0; }
  void reset() {
    if (data_ != nullptr) {
      data_->DecRef();
      data_ = nullptr;
    }
  }

 private:
  explicit ObjectPtr(Object* data) : data_(data) {
    if (data_ != nullptr) data_->IncRef();
  }
  Object* data_{nullptr};

  template <typename>
  friend class ObjectPtr;
  friend struct details::ObjectUnsafe;
  friend class ObjectRef;
  template <typename U, typename... Args>
  friend ObjectPtr<U> make_object(Args&&... args);
};

/*!
 * \brief Allocates a T and returns the owning pointer; the only way objects are created. The
 *  object starts with one strong and one weak reference, as the C ABI prescribes.
 * \note T::RuntimeTypeIndex() registers T's type on first use.
 */
template <typename T, typename... Args>
ObjectPtr<T> make_object(Args&&... args) {
  static_assert(std::is_base_of_v<Object, T>, "make_object needs an Object subclass");
  // Memory and lifetime are separate steps: a weak reference may keep the memory after the
  // destructor ran (see details::ObjectDeleter).
  void* storage = ::operator new (sizeof(T), std::align_val_t{alignof(T)});
  T* ptr;
  try {
    ptr = new (storage) T(std::forward<Args>(args)...);
  } catch (...) {
    ::operator delete (storage, std::align_val_t{alignof(T)});
    throw;
  }
  Object* base = ptr;
  base->header_.type_index = T::RuntimeTypeIndex();
  base->header_.deleter = details::ObjectDeleter<T>;
  base->header_.combined_ref_count = details::kStrongRefOne | details::kWeakRefOne;
  ObjectPtr<T> owner;
  owner.data_ = base;
  return owner;
}

namespace details {
template <typename T>
void ObjectDeleter(void* self, int flags) {
  T* typed = static_cast<T*>(reinterpret_cast<Object*>(static_cast<TVMFFIObject*>(self)));
  if ((flags & kTVMFFIObjectDeleterFlagBitMaskStrong) != 0) typed->~T();
  if ((flags & kTVMFFIObjectDeleterFlagBitMaskWeak) != 0) {
    ::operator delete (static_cast<void*>(typed), std::align_val_t{alignof(T)});
  }
}
}  // namespace details

/*! \brief Base of every managed reference; nullable, compares identity with same_as. */
class ObjectRef {
 public:
  ObjectRef() = default;
  explicit ObjectRef(ObjectPtr<Object> data) : data_(std::move(data)) {}

  /*! \return whether both references point at the same object. */
  bool same_as(const ObjectRef& other) const { return data_ == other.data_; }
  bool defined() const { return data_ != nullptr; }
  const Object* get() const { return data_.get(); }
  const Object* operator->() const { return get(); }
  int32_t use_count() const { return data_.use_count(); }
  bool unique() const { return use_count() == 1; }
  /*! \return the object as a `const T*` when it is a T, nullptr otherwise. */
  template <typename T>
  const T* as() const {
    if (data_ != nullptr && data_->IsInstance<T>()) return static_cast<const T*>(data_.get());
    return nullptr;
  }
  /*! \brief Checked down-cast; throws a TypeError naming both type keys. */
  template <typename TRef>
  TRef cast() const;

  using ContainerType = Object;
  static constexpr bool _type_is_nullable = true;
  /*! \brief Set by references whose TypeTraits are specialised by hand (String, Array<T>). */
  static constexpr bool _type_custom_traits = false;

 protected:
  ObjectPtr<Object> data_;
  friend struct details::ObjectUnsafe;
};

/*! \brief Hash and equality by identity, for unordered containers of references. */
struct ObjectPtrHash {
  size_t operator()(const ObjectRef& ref) const { return std::hash<const void*>()(ref.get()); }
};
struct ObjectPtrEqual {
  bool operator()(const ObjectRef& a, const ObjectRef& b) const { return a.same_as(b); }
};

namespace details {
/*! \brief Escape hatch for the object system's own internals (Any, bindings). */
struct ObjectUnsafe {
  static Object* RawPtr(const ObjectRef& ref) { return ref.data_.data_; }
  template <typename T>
  static Object* RawPtr(const ObjectPtr<T>& ptr) {
    return ptr.data_;
  }
  static void IncRef(Object* obj) { obj->IncRef(); }
  static void DecRef(Object* obj) { obj->DecRef(); }
  /*! \brief The C header of obj (the same address). */
  static TVMFFIObject* Header(Object* obj) { return &obj->header_; }
  static Object* FromHeader(TVMFFIObject* header) { return reinterpret_cast<Object*>(header); }
  /*! \brief Adopts an already counted reference without incrementing. */
  template <typename T>
  static ObjectPtr<T> AdoptPtr(Object* obj) {
    ObjectPtr<T> ptr;
    ptr.data_ = obj;
    return ptr;
  }
  /*! \brief New reference to obj (increments). */
  template <typename T>
  static ObjectPtr<T> PtrFromRaw(Object* obj) {
    return ObjectPtr<T>(obj);
  }
  template <typename TRef>
  static TRef RefFromPtr(ObjectPtr<Object> ptr) {
    return TRef(std::move(ptr));
  }
  template <typename TRef>
  static ObjectPtr<Object>& MutablePtr(TRef& ref) {
    return ref.data_;
  }
  /*! \brief Takes the pointer out of ptr without decrementing; the caller owns the count. */
  template <typename T>
  static Object* ReleasePtr(ObjectPtr<T>& ptr) {
    Object* raw = ptr.data_;
    ptr.data_ = nullptr;
    return raw;
  }
  static void SetTypeIndex(Object* obj, int32_t index) { obj->header_.type_index = index; }
};
}  // namespace details

/*! \brief Shorthand for `details::ObjectUnsafe::RefFromPtr`. */
template <typename TRef, typename TObj>
TRef GetRef(const TObj* obj) {
  return details::ObjectUnsafe::RefFromPtr<TRef>(
      details::ObjectUnsafe::PtrFromRaw<Object>(const_cast<TObj*>(obj)));
}

}  // namespace ffi
}  // namespace tvm

/*! \brief Shared body of the two declarations below; the index is registered on first use. */
#define TVM_FFI_DECLARE_OBJECT_INFO_IMPL_(TypeKey, ParentType, Final)                            \
  static constexpr const char* _type_key = TypeKey;                                              \
  static constexpr bool _type_final = Final;                                                     \
  using _type_parent = ParentType;                                                               \
  static int32_t RuntimeTypeIndex() {                                                            \
    static const int32_t tindex =                                                                \
        ::tvm::ffi::details::RegisterObjectType(TypeKey, ParentType::RuntimeTypeIndex(), Final); \
    return tindex;                                                                               \
  }

/*! \brief Declares the type information of an object type that may have subclasses. */
#define TVM_FFI_DECLARE_OBJECT_INFO(TypeKey, TypeName, ParentType) \
  TVM_FFI_DECLARE_OBJECT_INFO_IMPL_(TypeKey, ParentType, false)

/*! \brief Declares the type information of an object type that has no subclasses. */
#define TVM_FFI_DECLARE_OBJECT_INFO_FINAL(TypeKey, TypeName, ParentType) \
  TVM_FFI_DECLARE_OBJECT_INFO_IMPL_(TypeKey, ParentType, true)

/*! \brief Type information of a built-in type with a fixed index (see TypeIndex). */
#define TVM_FFI_DECLARE_STATIC_OBJECT_INFO(TypeKey, TypeName, ParentType, Index, Final) \
  static constexpr const char* _type_key = TypeKey;                                     \
  static constexpr bool _type_final = Final;                                            \
  using _type_parent = ParentType;                                                      \
  static constexpr int32_t RuntimeTypeIndex() { return Index; }

/*!
 * \brief Constructors, accessors and the ContainerType of a nullable managed reference.
 */
#define TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(TypeName, ParentType, ObjectName)           \
  TypeName() = default;                                                                        \
  explicit TypeName(::tvm::ffi::ObjectPtr<::tvm::ffi::Object> n) : ParentType(std::move(n)) {} \
  const ObjectName* operator->() const { return static_cast<const ObjectName*>(data_.get()); } \
  const ObjectName* get() const { return operator->(); }                                       \
  using ContainerType = ObjectName;                                                            \
  static constexpr bool _type_is_nullable = true;

/*!
 * \brief Like the nullable variant, but the reference always points at an object: no default
 *  constructor, and conversions from None are rejected.
 */
#define TVM_FFI_DEFINE_OBJECT_REF_METHODS_NOTNULLABLE(TypeName, ParentType, ObjectName)        \
  explicit TypeName(::tvm::ffi::ObjectPtr<::tvm::ffi::Object> n) : ParentType(std::move(n)) {} \
  const ObjectName* operator->() const { return static_cast<const ObjectName*>(data_.get()); } \
  const ObjectName* get() const { return operator->(); }                                       \
  using ContainerType = ObjectName;                                                            \
  static constexpr bool _type_is_nullable = false;

#endif  // TVM_FFI_OBJECT_H_
