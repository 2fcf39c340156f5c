/*!
 * \file tvm/ffi/function.h
 * \brief Function: a type-erased callable over Any arguments, typed wrappers from C++
 *  callables, and the process-wide registry of global functions.
 */
#ifndef TVM_FFI_FUNCTION_H_
#define TVM_FFI_FUNCTION_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/string.h>

#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tvm {
namespace ffi {

/*! \brief The arguments of a packed call: a borrowed array of AnyView. */
class PackedArgs {
 public:
  PackedArgs(const AnyView* args, int32_t size) : args_(args), size_(size) {}
  int32_t size() const { return size_; }
  AnyView operator[](int32_t i) const { return args_[i]; }
  const AnyView* data() const { return args_; }

 private:
  const AnyView* args_;
  int32_t size_;
};

/*! \brief The data of a Function: one indirect call, no std::function overhead. */
class FunctionObj : public Object {
 public:
  using FCall = void (*)(const FunctionObj* self, PackedArgs args, Any* rv);
  void CallPacked(PackedArgs args, Any* rv) const { call_(this, args, rv); }
  TVM_FFI_DECLARE_STATIC_OBJECT_INFO("ffi.Function", FunctionObj, Object, TypeIndex::kFunction,
                                     false)

 protected:
  explicit FunctionObj(FCall call) : call_(call) {}
  FCall call_;
};

namespace details {
/*! \brief A FunctionObj holding a packed callable `void(PackedArgs, Any*)`. */
template <typename TCallable>
class PackedFunctionObj : public FunctionObj {
 public:
  explicit PackedFunctionObj(TCallable callable)
      : FunctionObj(Invoke), callable_(std::move(callable)) {}

 private:
  static void Invoke(const FunctionObj* self, PackedArgs args, Any* rv) {
    static_cast<const PackedFunctionObj*>(self)->callable_(args, rv);
  }
  TCallable callable_;
};

/*! \brief Argument and result types of a callable. */
template <typename T>
struct FunctionInfo : FunctionInfo<decltype(&T::operator())> {};
template <typename R, typename... Args>
struct FunctionInfo<R (*)(Args...)> {
  using Result = R;
  using ArgsTuple = std::tuple<std::decay_t<Args>...>;
  static constexpr size_t kNumArgs = sizeof...(Args);
};
template <typename R, typename... Args>
struct FunctionInfo<R(Args...)> : FunctionInfo<R (*)(Args...)> {};
template <typename C, typename R, typename... Args>
struct FunctionInfo<R (C::*)(Args...) const> : FunctionInfo<R (*)(Args...)> {};
template <typename C, typename R, typename... Args>
struct FunctionInfo<R (C::*)(Args...)> : FunctionInfo<R (*)(Args...)> {};

template <typename T>
std::string ArgTypeStr() {
  if constexpr (std::is_same_v<T, AnyView> || std::is_same_v<T, Any>) {
    return "Any";
  } else if constexpr (std::is_void_v<T>) {
    return "None";
  } else {
    return TypeTraits<T>::TypeStr();
  }
}

/*! \brief "name(0: int, 1: str) -> int", used in every conversion error. */
template <typename Info, size_t... I>
std::string SignatureText(const std::string& name, std::index_sequence<I...>) {
  std::string text = name + "(";
  ((text += (I == 0 ? "" : ", ") + std::to_string(I) + ": " +
            ArgTypeStr<std::tuple_element_t<I, typename Info::ArgsTuple>>()),
   ...);
  return text + ") -> " + ArgTypeStr<std::decay_t<typename Info::Result>>();
}

[[noreturn]] void ThrowNullFunctionCall();
[[noreturn]] void ThrowArgCountError(const std::string& signature, size_t expected, int32_t got);
[[noreturn]] void ThrowArgTypeError(const std::string& signature, size_t index,
                                    const std::string& expected, const AnyView& got);

/*! \brief Converts argument `index`; the signature text is only built when that fails. */
template <typename T>
T ConvertArg(const AnyView& arg, size_t index, const std::string& name,
             std::string (*signature)(const std::string&)) {
  if constexpr (std::is_same_v<T, AnyView>) {
    return arg;
  } else if constexpr (std::is_same_v<T, Any>) {
    return Any(arg);
  } else {
    std::optional<T> value = TypeTraits<T>::TryCast(&arg.pod());
    if (!value.has_value())
      ThrowArgTypeError(signature(name), index, TypeTraits<T>::TypeStr(), arg);
    return *std::move(value);
  }
}

/*! \brief Packed adapter of a typed callable: checks count and types, then calls. */
template <typename TCallable>
class TypedAdapter {
 public:
  using Info = FunctionInfo<std::decay_t<TCallable>>;
  TypedAdapter(TCallable callable, std::string name)
      : callable_(std::move(callable)), name_(std::move(name)) {}

  void operator()(PackedArgs args, Any* rv) const {
    Call(args, rv, std::make_index_sequence<Info::kNumArgs>());
  }

 private:
  template <size_t... I>
  void Call(PackedArgs args, Any* rv, std::index_sequence<I...>) const {
    if (static_cast<size_t>(args.size()) != Info::kNumArgs) {
      ThrowArgCountError(Signature(name_), Info::kNumArgs, args.size());
    }
    if constexpr (std::is_void_v<typename Info::Result>) {
      callable_(ConvertArg<std::tuple_element_t<I, typename Info::ArgsTuple>>(args[I], I, name_,
                                                                              Signature)...);
      *rv = Any();
    } else {
      *rv = Any(callable_(ConvertArg<std::tuple_element_t<I, typename Info::ArgsTuple>>(
          args[I], I, name_, Signature)...));
    }
  }
  static std::string Signature(const std::string& name) {
    return SignatureText<Info>(name, std::make_index_sequence<Info::kNumArgs>());
  }

  TCallable callable_;
  std::string name_;
};
}  // namespace details

/*! \brief Options of Function::SetGlobal. */
struct GlobalFunctionOptions {
  /*! \brief Replace a function already registered under the name instead of refusing. */
  bool override_existing = false;
  std::string doc;
};

/*! \brief A managed reference to a callable; null when default-constructed. */
class Function : public ObjectRef {
 public:
  Function() = default;
  explicit Function(ObjectPtr<Object> n) : ObjectRef(std::move(n)) {}

  /*! \brief Wraps `void(PackedArgs, Any*)`. */
  template <typename TCallable>
  static Function FromPacked(TCallable callable) {
    return Function(make_object<details::PackedFunctionObj<TCallable>>(std::move(callable)));
  }
  /*!
   * \brief Wraps a typed C++ callable. Arguments are converted with TypeTraits; a failed
   *  conversion raises TypeError naming the argument, the expected type and `name`.
   */
  template <typename TCallable>
  static Function FromTyped(TCallable callable, std::string name = "<anonymous>") {
    return FromPacked(details::TypedAdapter<TCallable>(std::move(callable), std::move(name)));
  }

  /*! \brief Calls with C++ values converted to AnyView. */
  template <typename... Args>
  Any operator()(Args&&... args) const {
    const AnyView packed[sizeof...(Args) + 1] = {AnyView(std::forward<Args>(args))...};
    Any rv;
    CallPacked(PackedArgs(packed, sizeof...(Args)), &rv);
    return rv;
  }
  /*! \brief Calls with packed arguments; ValueError when the reference is null. */
  void CallPacked(PackedArgs args, Any* rv) const {
    if (TVM_FFI_UNLIKELY(!defined())) details::ThrowNullFunctionCall();
    get()->CallPacked(args, rv);
  }

  /*! \brief Registers a global function; a taken name is refused (ValueError) unless told. */
  static void SetGlobal(const std::string& name, Function func,
                        const GlobalFunctionOptions& options = {});
  /*! \return the global function of that name, or nullopt. */
  static std::optional<Function> GetGlobal(std::string_view name);
  /*! \return the global function; ValueError naming it when none is registered. */
  static Function GetGlobalRequired(std::string_view name);
  /*! \return the docstring given at registration ("" when none). */
  static std::string GetGlobalDoc(std::string_view name);
  /*! \return every registered name, sorted. */
  static std::vector<std::string> ListGlobalNames();
  /*! \return whether a function of that name existed. */
  static bool RemoveGlobal(std::string_view name);

  const FunctionObj* get() const { return static_cast<const FunctionObj*>(data_.get()); }
  const FunctionObj* operator->() const { return get(); }
  using ContainerType = FunctionObj;
};

}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_FUNCTION_H_
