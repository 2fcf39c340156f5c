/*!
 * \file tvm/ffi/reflection/structural_visit.h
 * \brief structural_visit and structural_mutate: stateful traversals whose callbacks take
 *  control of their value's children through a view.
 *
 * A callback receives the value (typed as in structural_walk.h) and, when it asks for it, a
 * view: `def_region_kind()` of the current place, `path()` from the root, `DefaultVisit(node)` /
 * `DefaultMutate(node)` to continue into the children with the usual traversal, and
 * `Visit(child)` / `Mutate(child)` for a child the callback selects. Values without a matching
 * callback get the default traversal, so new node types pass through.
 */
#ifndef TVM_FFI_REFLECTION_STRUCTURAL_VISIT_H_
#define TVM_FFI_REFLECTION_STRUCTURAL_VISIT_H_

#include <tvm/ffi/reflection/access_path.h>
#include <tvm/ffi/reflection/structural_walk.h>

#include <functional>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace tvm {
namespace ffi {
namespace reflection {

namespace details {
class StructuralVisitEngine;
class StructuralMutateEngine;
}  // namespace details

/*! \brief What a visit callback may do with the current value. */
class StructuralVisitorView {
 public:
  /*! \brief Visits the children of `node` (the current value) with the usual traversal. */
  std::optional<WalkInterrupt> DefaultVisit(const Any& node);
  /*!
   * \brief Visits one value the callback selected, as if it sat inside the current value (a
   *  use; its path is the current value's, since its place is not known).
   */
  std::optional<WalkInterrupt> Visit(const Any& child);
  /*!
   * \brief Visits the field `name` of `node` (the current value) with that field's region kind
   *  and access path; lets a callback choose the order of its children.
   * \throws Error(AttributeError) when the type has no such field.
   */
  std::optional<WalkInterrupt> VisitField(const Any& node, std::string_view name);
  /*! \brief The definition-region kind of the current place. */
  DefRegionKind def_region_kind() const;
  /*! \brief The access path of the current value from the root. */
  AccessPath path() const;

 private:
  friend class details::StructuralVisitEngine;
  StructuralVisitorView(details::StructuralVisitEngine* engine, int64_t frame)
      : engine_(engine), frame_(frame) {}
  details::StructuralVisitEngine* engine_;
  int64_t frame_;
};

/*! \brief What a mutate callback may do with the current value. */
class StructuralMutatorView {
 public:
  /*!
   * \brief The current value with its children mutated by the usual traversal (the same object
   *  when nothing changed; updated in place when the traversal owns it alone).
   */
  Any DefaultMutate(const Any& node);
  /*! \brief Mutates one value the callback selected, as if it sat inside the current value. */
  Any Mutate(const Any& child);
  DefRegionKind def_region_kind() const;
  AccessPath path() const;

 private:
  friend class details::StructuralMutateEngine;
  StructuralMutatorView(details::StructuralMutateEngine* engine, int64_t frame)
      : engine_(engine), frame_(frame) {}
  details::StructuralMutateEngine* engine_;
  int64_t frame_;
};

/*! \brief A visit callback after type erasure. */
struct VisitCallback {
  int32_t type_index = kAnyValueTypeIndex;
  std::function<std::optional<WalkInterrupt>(const Any& value, StructuralVisitorView& view)> fn;
};

/*! \brief A mutate callback after type erasure: returns the replacement. */
struct MutateCallback {
  int32_t type_index = kAnyValueTypeIndex;
  std::function<Any(const Any& value, StructuralMutatorView& view)> fn;
};

/*! \return the interrupt, when a callback stopped the traversal. */
std::optional<WalkInterrupt> StructuralVisit(const Any& root,
                                             const std::vector<VisitCallback>& callbacks);
/*! \return the rebuilt root (see StructuralMap for reuse and consistency of definitions). */
Any StructuralMutate(Any root, const std::vector<MutateCallback>& callbacks);

namespace details {

/*! \brief Calls f with the converted value and, when it asks for it, the view. */
template <typename F, typename View>
decltype(auto) InvokeWithView(F& f, const Any& value, View& view) {
  using Info = ffi::details::FunctionInfo<std::decay_t<F>>;
  using Arg0 = std::tuple_element_t<0, typename Info::ArgsTuple>;
  if constexpr (Info::kNumArgs == 2) {
    return f(NodeParam<Arg0>::Convert(value), view);
  } else {
    static_assert(Info::kNumArgs == 1, "a visit/mutate callback takes a value (and a view)");
    return f(NodeParam<Arg0>::Convert(value));
  }
}

template <typename F>
void AddVisitCallback(std::vector<VisitCallback>* out, F f) {
  if constexpr (IsTuple<std::decay_t<F>>::value) {
    std::apply([out](auto&&... each) { (AddVisitCallback(out, each), ...); }, f);
  } else {
    out->push_back(VisitCallback{
        CallbackTypeIndex<F>(),
        [f](const Any& value, StructuralVisitorView& view) mutable -> std::optional<WalkInterrupt> {
          using R = decltype(InvokeWithView(f, value, view));
          if constexpr (std::is_void_v<R>) {
            InvokeWithView(f, value, view);
            return std::nullopt;
          } else {
            return InvokeWithView(f, value, view);
          }
        }});
  }
}

template <typename F>
void AddMutateCallback(std::vector<MutateCallback>* out, F f) {
  if constexpr (IsTuple<std::decay_t<F>>::value) {
    std::apply([out](auto&&... each) { (AddMutateCallback(out, each), ...); }, f);
  } else {
    out->push_back(MutateCallback{CallbackTypeIndex<F>(),
                                  [f](const Any& value, StructuralMutatorView& view) mutable {
                                    return Any(InvokeWithView(f, value, view));
                                  }});
  }
}

}  // namespace details

/*! \brief Visits with typed callbacks (a callable or a std::tuple of them). */
template <typename F,
          typename = std::enable_if_t<!std::is_same_v<std::decay_t<F>, std::vector<VisitCallback>>>>
std::optional<WalkInterrupt> StructuralVisit(const Any& root, F callbacks) {
  std::vector<VisitCallback> erased;
  details::AddVisitCallback(&erased, std::move(callbacks));
  return StructuralVisit(root, erased);
}

/*! \brief Mutates with typed callbacks (a callable or a std::tuple of them). */
template <typename F, typename = std::enable_if_t<
                          !std::is_same_v<std::decay_t<F>, std::vector<MutateCallback>>>>
Any StructuralMutate(Any root, F callbacks) {
  std::vector<MutateCallback> erased;
  details::AddMutateCallback(&erased, std::move(callbacks));
  return StructuralMutate(std::move(root), erased);
}

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_REFLECTION_STRUCTURAL_VISIT_H_
