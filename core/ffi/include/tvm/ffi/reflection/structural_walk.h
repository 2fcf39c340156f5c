/*!
 * \file tvm/ffi/reflection/structural_walk.h
 * \brief structural_walk and structural_map: generic traversal and rewriting of any value
 *  through the reflection tables, with typed callbacks.
 *
 * A callback's first parameter selects the values it runs on: `const TensorStoreObj*` or
 * `TensorStore` (that type and its subclasses), `AnyView` / `const Any&` (every value). A
 * trailing `DefRegionKind` parameter receives the definition-region kind of the place where the
 * value sits (see DefRegionKind and docs/structural-utilities.md). Several callbacks are passed
 * as a `std::tuple`; the first whose type matches a value runs.
 *
 * Definitions and uses stay consistent: structural_map rebuilds a variable where it is defined
 * and gives every later use the rebuilt variable (or whatever replaced the definition).
 */
#ifndef TVM_FFI_REFLECTION_STRUCTURAL_WALK_H_
#define TVM_FFI_REFLECTION_STRUCTURAL_WALK_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/registry.h>

#include <functional>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tvm {
namespace ffi {
namespace reflection {

/*! \brief Whether a callback runs before (pre) or after (post) the value's children. */
enum class WalkOrder : int32_t { kPreOrder = 0, kPostOrder = 1 };

/*! \brief What a walk callback asks for next. */
class WalkResult {
 public:
  enum Kind : int32_t { kAdvance = 0, kSkip = 1, kInterrupt = 2 };
  /*! \brief Continue into the value's children. */
  static WalkResult Advance() { return WalkResult(kAdvance); }
  /*! \brief Do not descend into the children (pre-order only; post-order treats it as Advance). */
  static WalkResult Skip() { return WalkResult(kSkip); }
  /*! \brief Stop the whole walk. */
  static WalkResult Interrupt() { return WalkResult(kInterrupt); }
  /*! \brief Stop the whole walk and hand `value` to the caller. */
  static WalkResult InterruptWith(Any value) {
    WalkResult result(kInterrupt);
    result.value = std::move(value);
    return result;
  }
  Kind kind;
  Any value;

 private:
  explicit WalkResult(Kind k) : kind(k) {}
};

/*! \brief How a walk ended early: the value given to InterruptWith (None for Interrupt). */
struct WalkInterrupt {
  Any value;
};

/*! \brief Matches every value rather than objects of one type. */
constexpr int32_t kAnyValueTypeIndex = -1;

/*! \brief A walk callback after type erasure. */
struct WalkCallback {
  int32_t type_index = kAnyValueTypeIndex;
  std::function<WalkResult(const Any& value, DefRegionKind kind)> fn;
};

/*!
 * \brief A map callback after type erasure: returns the replacement, or nullopt to keep the
 *  value as it is.
 */
struct MapCallback {
  int32_t type_index = kAnyValueTypeIndex;
  std::function<std::optional<Any>(const Any& value, DefRegionKind kind)> fn;
};

/*!
 * \brief Visits every value reachable from root through reflected fields (fields marked
 *  StructuralIgnore excepted), array items and map keys and values.
 * \return the interrupt, when a callback stopped the walk.
 */
std::optional<WalkInterrupt> StructuralWalk(const Any& root,
                                            const std::vector<WalkCallback>& callbacks,
                                            WalkOrder order);

/*!
 * \brief Rebuilds root with each matching value replaced by its callback's result. Unchanged
 *  subtrees are returned as they are (the same objects); an object whose only owner is the
 *  traversal (pass the root by std::move) is updated in place instead of copied. In pre-order a
 *  replacement is not traversed further; in post-order the callback sees the value with its
 *  children already mapped. Traversals raise RecursionError for input nested too deeply for
 *  the thread's stack (tvm/ffi/stack_guard.h).
 * \throws Error(TypeError) when a replacement does not fit the field it goes into.
 */
Any StructuralMap(Any root, const std::vector<MapCallback>& callbacks, WalkOrder order);

namespace details {

/*! \brief Whether `value` is selected by a callback for type_index. */
bool MatchesTypeIndex(const Any& value, int32_t type_index);

template <typename T>
struct IsTuple : std::false_type {};
template <typename... T>
struct IsTuple<std::tuple<T...>> : std::true_type {};

/*! \brief The object type a callback parameter names: `const FooObj*` or `Foo`. */
template <typename Arg, typename = void>
struct ParamObject {
  using type = std::remove_const_t<std::remove_pointer_t<Arg>>;
};
template <typename Arg>
struct ParamObject<Arg, std::enable_if_t<std::is_base_of_v<ObjectRef, Arg>>> {
  using type = typename Arg::ContainerType;
};

/*! \brief How a callback's first parameter selects and receives values. */
template <typename Arg>
struct NodeParam {
  static constexpr bool kIsPointer = std::is_pointer_v<Arg>;
  using Obj = typename ParamObject<Arg>::type;
  static constexpr bool kAnyValue = std::is_same_v<Arg, AnyView> || std::is_same_v<Arg, Any>;

  static int32_t TypeIndex() {
    if constexpr (kAnyValue) {
      return kAnyValueTypeIndex;
    } else {
      return Obj::RuntimeTypeIndex();
    }
  }
  static Arg Convert(const Any& value) {
    if constexpr (kAnyValue) {
      return Arg(value);
    } else if constexpr (kIsPointer) {
      return static_cast<Arg>(value.as<Obj>());
    } else {
      return value.cast<Arg>();
    }
  }
};

/*! \brief Calls f with the converted value and, when it asks for it, the region kind. */
template <typename F>
decltype(auto) InvokeTyped(F& f, const Any& value, DefRegionKind kind) {
  using Info = ffi::details::FunctionInfo<std::decay_t<F>>;
  using Arg0 = std::tuple_element_t<0, typename Info::ArgsTuple>;
  if constexpr (Info::kNumArgs == 2) {
    static_assert(std::is_same_v<std::tuple_element_t<1, typename Info::ArgsTuple>, DefRegionKind>,
                  "the second parameter of a structural callback must be a DefRegionKind");
    return f(NodeParam<Arg0>::Convert(value), kind);
  } else {
    static_assert(Info::kNumArgs == 1, "a structural callback takes a value (and a kind)");
    return f(NodeParam<Arg0>::Convert(value));
  }
}

template <typename F>
int32_t CallbackTypeIndex() {
  using Info = ffi::details::FunctionInfo<std::decay_t<F>>;
  return NodeParam<std::tuple_element_t<0, typename Info::ArgsTuple>>::TypeIndex();
}

template <typename F>
void AddWalkCallback(std::vector<WalkCallback>* out, F f) {
  if constexpr (IsTuple<std::decay_t<F>>::value) {
    std::apply([out](auto&&... each) { (AddWalkCallback(out, each), ...); }, f);
  } else {
    out->push_back(WalkCallback{CallbackTypeIndex<F>(),
                                [f](const Any& value, DefRegionKind kind) mutable -> WalkResult {
                                  using R = decltype(InvokeTyped(f, value, kind));
                                  if constexpr (std::is_void_v<R>) {
                                    InvokeTyped(f, value, kind);
                                    return WalkResult::Advance();
                                  } else {
                                    return InvokeTyped(f, value, kind);
                                  }
                                }});
  }
}

template <typename R>
std::optional<Any> MapResultToAny(R&& result) {
  using D = std::decay_t<R>;
  if constexpr (std::is_same_v<D, std::optional<Any>>) {
    return std::forward<R>(result);
  } else {
    return Any(std::forward<R>(result));
  }
}

template <typename F>
void AddMapCallback(std::vector<MapCallback>* out, F f) {
  if constexpr (IsTuple<std::decay_t<F>>::value) {
    std::apply([out](auto&&... each) { (AddMapCallback(out, each), ...); }, f);
  } else {
    out->push_back(
        MapCallback{CallbackTypeIndex<F>(), [f](const Any& value, DefRegionKind kind) mutable {
                      return MapResultToAny(InvokeTyped(f, value, kind));
                    }});
  }
}

}  // namespace details

/*!
 * \brief Walks with typed callbacks: `StructuralWalk(func, [&](TensorStore s) {...},
 *  WalkOrder::kPostOrder)`. Callbacks may return WalkResult or nothing (Advance).
 */
template <typename F,
          typename = std::enable_if_t<!std::is_same_v<std::decay_t<F>, std::vector<WalkCallback>>>>
std::optional<WalkInterrupt> StructuralWalk(const Any& root, F callbacks, WalkOrder order) {
  std::vector<WalkCallback> erased;
  details::AddWalkCallback(&erased, std::move(callbacks));
  return StructuralWalk(root, erased, order);
}

/*!
 * \brief Maps with typed callbacks returning the replacement (any value convertible to Any, or
 *  std::optional<Any> with nullopt meaning "keep").
 */
template <typename F,
          typename = std::enable_if_t<!std::is_same_v<std::decay_t<F>, std::vector<MapCallback>>>>
Any StructuralMap(Any root, F callbacks, WalkOrder order) {
  std::vector<MapCallback> erased;
  details::AddMapCallback(&erased, std::move(callbacks));
  return StructuralMap(std::move(root), erased, order);
}

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_REFLECTION_STRUCTURAL_WALK_H_
