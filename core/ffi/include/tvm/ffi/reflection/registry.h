/*!
 * \file tvm/ffi/reflection/registry.h
 * \brief Reflection: per-type field and method tables, and the fluent registration API
 *  `ObjectDef<T>().def(init<...>()).def_ro("a", &T::a)` and `GlobalDef().def(name, f)`.
 *
 * Everything generic (Python bindings, deep copy, field-wise equality, and later structural
 * equality, hashing and printing) reads these tables; no type needs hand-written binding code.
 */
#ifndef TVM_FFI_REFLECTION_REGISTRY_H_
#define TVM_FFI_REFLECTION_REGISTRY_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/function.h>
#include <tvm/ffi/optional.h>
#include <tvm/ffi/string.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace tvm {
namespace ffi {
namespace reflection {

/*!
 * \brief How a field takes part in variable definition (DESIGN.md "Definition regions").
 *  kSimple: a fresh binding (For.var). kPattern: matched against a value, first occurrence
 *  defines (function parameters). kNone: uses only.
 */
enum class DefRegionKind : int32_t { kNone = 0, kSimple = 1, kPattern = 2 };

/*! \brief "None", "Simple" or "Pattern". */
const char* DefRegionKindName(DefRegionKind kind);

/*!
 * \brief How structural utilities treat objects of a type.
 *  kTreeNode: compared and hashed field by field (the default).
 *  kVar: a variable. Its identity matters, not its fields: structural equality maps it through
 *  definitions (matched by position) or, when free, compares identity (or maps it when asked to
 *  map free variables); structural map rebuilds it only at its definition and gives every use
 *  the rebuilt variable.
 */
enum class StructuralKind : int32_t { kTreeNode = 0, kVar = 1 };

/*! \brief One reflected field. */
struct FieldInfo {
  std::string name;
  /*! \brief Byte offset of the field inside the object. */
  int64_t offset = 0;
  /*! \brief Declared type in messages: "int", "Array<prim.Expr>", "Optional<str>". */
  std::string type_str;
  bool read_only = true;
  DefRegionKind def_region = DefRegionKind::kNone;
  /*! \brief Not compared or hashed structurally (source spans, variable names). */
  bool structural_ignore = false;
  std::string doc;
  /*! \brief Value used when keyword construction omits the field. */
  std::optional<Any> default_value;
  /*! \brief The type that declared the field (an ancestor for inherited fields). */
  int32_t declaring_type_index = 0;
  /*! \brief Reads the field at `addr` into `out`. */
  void (*getter)(const void* addr, Any* out) = nullptr;
  /*!
   * \brief Reads the field at `addr` without taking a reference: the view holds what `getter`
   *  would store and is valid while the object lives (hot walks such as structural equality
   *  use it to skip a reference-count round trip per child). nullptr when the field's value has
   *  no such view (a std::string field views as a raw C string): use `getter`.
   */
  AnyView (*view_getter)(const void* addr) = nullptr;
  /*! \brief Writes `value` to the field at `addr`; TypeError naming the field on mismatch. */
  void (*setter)(void* addr, const AnyView& value, const FieldInfo& self) = nullptr;
};

/*! \brief One reflected method; static methods take no `self`. */
struct MethodInfo {
  std::string name;
  Function func;
  bool is_static = false;
  std::string doc;
};

/*! \brief Everything the registry knows about one type. */
struct TypeInfo {
  int32_t type_index = 0;
  int32_t type_depth = 0;
  std::string type_key;
  /*! \brief -1 for the root (ffi.Object). */
  int32_t parent_index = -1;
  bool final = false;
  /*! \brief Fields declared by this type itself, in registration order. */
  std::vector<FieldInfo> fields;
  std::vector<MethodInfo> methods;
  /*! \brief A default-constructed instance, when the type has a default constructor. */
  ObjectRef (*creator)() = nullptr;
  /*! \brief A field-by-field (shallow) copy, when the type is copy-constructible. */
  ObjectRef (*cloner)(const Object* source) = nullptr;
  /*!
   * \brief Names of the `__ffi_init__` arguments, in order, when registered with def_init:
   *  bindings map keyword arguments onto them so keyword construction runs the same checks.
   */
  std::vector<std::string> init_arg_names;
  StructuralKind structural_kind = StructuralKind::kTreeNode;
};

/*! \return the type's info, or nullptr when the index is not registered. */
const TypeInfo* GetTypeInfo(int32_t type_index);
/*! \return the type's info, or nullptr when the key is not registered. */
const TypeInfo* GetTypeInfo(std::string_view type_key);
/*! \return every field of the type, inherited ones first. */
std::vector<const FieldInfo*> AllFields(int32_t type_index);
/*! \return the field of that name (own or inherited), or nullptr. */
const FieldInfo* FindField(int32_t type_index, std::string_view name);
/*! \return the method of that name (own or inherited), or nullptr. */
const MethodInfo* FindMethod(int32_t type_index, std::string_view name);
/*! \brief Reads a field of obj. */
Any GetFieldValue(const Object* obj, const FieldInfo& field);
/*!
 * \brief Writes a field of an object under construction (read-only fields included: objects
 *  are immutable once shared, so only their builder may call this).
 */
void SetFieldValue(Object* obj, const FieldInfo& field, const AnyView& value);
/*!
 * \brief Builds an object of the type from keyword values through its default constructor and
 *  field setters. TypeError for unknown names and for omitted fields without a default.
 */
ObjectRef CreateFromFields(int32_t type_index,
                           const std::vector<std::pair<std::string, AnyView>>& fields);

namespace details_fn {
/*! \brief Number of arguments of a callable (lambda or function pointer). */
template <typename Func>
constexpr int64_t ArgCount() {
  return static_cast<int64_t>(ffi::details::FunctionInfo<std::decay_t<Func>>::kNumArgs);
}
}  // namespace details_fn

namespace details {
TypeInfo* MutableTypeInfo(int32_t type_index);
template <typename T, typename F>
int64_t FieldOffset(F T::*member) {
  // Measured on uninitialised storage: no object is constructed and nothing is read.
  alignas(T) static char storage[sizeof(T)];
  T* probe = reinterpret_cast<T*>(storage);
  return reinterpret_cast<char*>(&(probe->*member)) - storage;
}
/*!
 * \brief Whether a borrowed view of a field of type F holds the value its owning getter stores:
 *  not for std::string (viewed as a raw C string, owned as a String object).
 */
template <typename F>
inline constexpr bool kHasFieldView =
    !std::is_same_v<F, std::string> && !std::is_same_v<F, std::optional<std::string>>;
[[noreturn]] void ThrowFieldTypeError(const FieldInfo& field, const AnyView& value);
[[noreturn]] void ThrowSelfTypeError(const std::string& method, const char* type_key,
                                     const ObjectRef& self);
}  // namespace details

/*! \brief Marks a constructor to expose as `__ffi_init__`: `def(init<int64_t, int64_t>())`. */
template <typename... Args>
struct init {};

/*! \brief Default value of a field for keyword construction: `def_ro("x", &T::x, DefaultValue(0))`.
 */
struct DefaultValue {
  explicit DefaultValue(Any v) : value(std::move(v)) {}
  Any value;
};

/*! \brief Marks a field that structural equality and hashing skip: `def_ro("span", ...,
 * StructuralIgnore())`. */
struct StructuralIgnore {};

/*! \brief Fluent registration of type T's constructor, fields and methods. */
template <typename T>
class ObjectDef {
  // Fields are read at offsets from the Object header; a vtable pointer would shift them.
  static_assert(!std::is_polymorphic_v<T>,
                "Reflected object types must not have virtual functions (use function pointers)");

 public:
  ObjectDef() : type_index_(T::RuntimeTypeIndex()) {
    TypeInfo* info = details::MutableTypeInfo(type_index_);
    if constexpr (std::is_default_constructible_v<T>) {
      info->creator = []() -> ObjectRef { return ObjectRef(make_object<T>()); };
    }
    if constexpr (std::is_copy_constructible_v<T>) {
      info->cloner = [](const Object* source) -> ObjectRef {
        return ObjectRef(make_object<T>(*static_cast<const T*>(source)));
      };
    }
  }

  /*! \brief Registers `__ffi_init__(args...)` constructing T from those arguments. */
  template <typename... Args>
  ObjectDef& def(init<Args...>, const char* doc = "") {
    AddMethod(
        "__ffi_init__",
        Function::FromTyped(
            [](Args... args) -> ObjectRef { return ObjectRef(make_object<T>(std::move(args)...)); },
            std::string(T::_type_key) + ".__ffi_init__"),
        true, doc);
    return *this;
  }
  /*!
   * \brief Registers `__ffi_init__` from a callable returning the new object, with the names
   *  of its arguments (for keyword construction: `Add(a=x, b=y)` calls it like `Add(x, y)`).
   */
  template <typename Func>
  ObjectDef& def_init(Func func, std::vector<std::string> arg_names, const char* doc = "") {
    if (static_cast<int64_t>(arg_names.size()) != details_fn::ArgCount<Func>()) {
      TVM_FFI_THROW(InternalError) << T::_type_key << ".def_init: " << arg_names.size()
                                   << " names for " << details_fn::ArgCount<Func>() << " arguments";
    }
    details::MutableTypeInfo(type_index_)->init_arg_names = std::move(arg_names);
    return def_static("__ffi_init__", std::move(func), doc);
  }
  /*! \brief Registers a method: a member function pointer or a callable taking the ref first. */
  template <typename Func>
  ObjectDef& def(const char* name, Func func, const char* doc = "") {
    AddMethod(name, WrapMethod(func, std::string(T::_type_key) + "." + name), false, doc);
    return *this;
  }
  /*! \brief Registers a static method. */
  template <typename Func>
  ObjectDef& def_static(const char* name, Func func, const char* doc = "") {
    AddMethod(name, Function::FromTyped(std::move(func), std::string(T::_type_key) + "." + name),
              true, doc);
    return *this;
  }
  /*! \brief Sets how structural utilities treat the type (see StructuralKind). */
  ObjectDef& structural_kind(StructuralKind kind) {
    details::MutableTypeInfo(type_index_)->structural_kind = kind;
    return *this;
  }
  /*! \brief A read-only field; extras: a DefRegionKind, a doc string, a DefaultValue. */
  template <typename Class, typename F, typename... Extra>
  ObjectDef& def_ro(const char* name, F Class::*member, Extra&&... extra) {
    return AddField(name, member, true, std::forward<Extra>(extra)...);
  }
  /*! \brief A field writable after construction (for mutable objects only). */
  template <typename Class, typename F, typename... Extra>
  ObjectDef& def_rw(const char* name, F Class::*member, Extra&&... extra) {
    return AddField(name, member, false, std::forward<Extra>(extra)...);
  }

 private:
  template <typename Class, typename F, typename... Extra>
  ObjectDef& AddField(const char* name, F Class::*member, bool read_only, Extra&&... extra) {
    static_assert(std::is_base_of_v<Class, T>, "field must belong to the type or a base");
    static_assert(TypeTraits<F>::enabled, "field type has no TypeTraits");
    FieldInfo field;
    field.name = name;
    field.offset = details::FieldOffset<T, F>(static_cast<F T::*>(member));
    field.type_str = TypeTraits<F>::TypeStr();
    field.read_only = read_only;
    field.declaring_type_index = type_index_;
    field.getter = [](const void* addr, Any* out) { *out = Any(*static_cast<const F*>(addr)); };
    if constexpr (details::kHasFieldView<F>) {
      field.view_getter = [](const void* addr) { return AnyView(*static_cast<const F*>(addr)); };
    }
    field.setter = [](void* addr, const AnyView& value, const FieldInfo& self) {
      std::optional<F> converted = TypeTraits<F>::TryCast(&value.pod());
      if (!converted.has_value()) details::ThrowFieldTypeError(self, value);
      *static_cast<F*>(addr) = *std::move(converted);
    };
    (ApplyExtra(&field, std::forward<Extra>(extra)), ...);
    details::MutableTypeInfo(type_index_)->fields.push_back(std::move(field));
    return *this;
  }
  static void ApplyExtra(FieldInfo* field, DefRegionKind kind) { field->def_region = kind; }
  static void ApplyExtra(FieldInfo* field, const char* doc) { field->doc = doc; }
  static void ApplyExtra(FieldInfo* field, StructuralIgnore) { field->structural_ignore = true; }
  static void ApplyExtra(FieldInfo* field, DefaultValue value) {
    field->default_value = std::move(value.value);
  }

  template <typename R, typename C, typename... Args>
  static Function WrapMethod(R (C::*method)(Args...) const, std::string name) {
    return Function::FromTyped(
        [method, name](ObjectRef self, Args... args) -> R {
          if (self.get() == nullptr || !self->IsInstance<T>()) {
            details::ThrowSelfTypeError(name, T::_type_key, self);
          }
          return (static_cast<const T*>(self.get())->*method)(std::move(args)...);
        },
        name);
  }
  template <typename Func>
  static Function WrapMethod(Func func, std::string name) {
    return Function::FromTyped(std::move(func), std::move(name));
  }
  void AddMethod(const char* name, Function func, bool is_static, const char* doc);

  int32_t type_index_;
};

/*! \brief Fluent registration of global functions: `GlobalDef().def("testing.echo", f)`. */
class GlobalDef {
 public:
  template <typename Func>
  GlobalDef& def(const char* name, Func func, const char* doc = "") {
    Function::SetGlobal(name, Function::FromTyped(std::move(func), name), {false, doc});
    return *this;
  }
  template <typename Func>
  GlobalDef& def_packed(const char* name, Func func, const char* doc = "") {
    Function::SetGlobal(name, Function::FromPacked(std::move(func)), {false, doc});
    return *this;
  }
};

namespace details {
void AddMethodTo(int32_t type_index, MethodInfo method);
}  // namespace details

template <typename T>
void ObjectDef<T>::AddMethod(const char* name, Function func, bool is_static, const char* doc) {
  details::AddMethodTo(type_index_, MethodInfo{name, std::move(func), is_static, doc});
}

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_REFLECTION_REGISTRY_H_
