/*!
 * \file structural_functions.cc
 * \brief The structural traversals as global functions, for bindings (Python's tvm_ffi).
 *
 * Callbacks arrive as an array of [type_index, function] pairs (type_index -1 selects every
 * value). Walk and map callbacks are called with (value, kind); visit and mutate callbacks with
 * (value, view), where the view is a StructuralView object usable only during that call.
 */
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/reflection/structural_visit.h>

namespace tvm {
namespace ffi {
namespace reflection {
namespace {

/*! \brief A handle on the view of the callback running now; cleared when it returns. */
class StructuralViewObj : public Object {
 public:
  StructuralVisitorView* visitor = nullptr;
  StructuralMutatorView* mutator = nullptr;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ffi.reflection.StructuralView", StructuralViewObj, Object);
};

class StructuralView : public ObjectRef {
 public:
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(StructuralView, ObjectRef, StructuralViewObj);
};

/*! \brief Clears the handle when the callback returns, however it returns. */
class ViewScope {
 public:
  explicit ViewScope(ObjectPtr<StructuralViewObj> handle) : handle_(std::move(handle)) {}
  ~ViewScope() {
    handle_->visitor = nullptr;
    handle_->mutator = nullptr;
  }
  ViewScope(const ViewScope&) = delete;
  ViewScope& operator=(const ViewScope&) = delete;

 private:
  ObjectPtr<StructuralViewObj> handle_;
};

StructuralVisitorView& Visitor(const StructuralView& view) {
  if (view.get() == nullptr || view->visitor == nullptr) {
    TVM_FFI_THROW(ValueError) << "this visitor view is only valid inside the visit callback "
                                 "that received it";
  }
  return *view->visitor;
}

StructuralMutatorView& Mutator(const StructuralView& view) {
  if (view.get() == nullptr || view->mutator == nullptr) {
    TVM_FFI_THROW(ValueError) << "this mutator view is only valid inside the mutate callback "
                                 "that received it";
  }
  return *view->mutator;
}

/*! \brief The [type_index, function] pairs of a binding call, checked. */
std::vector<std::pair<int32_t, Function>> ParseCallbacks(const Array<Any>& callbacks) {
  std::vector<std::pair<int32_t, Function>> parsed;
  for (const Any& entry : callbacks) {
    auto pair = entry.try_cast<Array<Any>>();
    if (!pair || pair->size() != 2) {
      TVM_FFI_THROW(TypeError) << "a structural callback must be given as [type_index, function]";
    }
    parsed.emplace_back(static_cast<int32_t>((*pair)[0].cast<int64_t>()),
                        (*pair)[1].cast<Function>());
  }
  return parsed;
}

/*! \brief A walk callback's answer: an int (0 advance, 1 skip, 2 interrupt) or [2, value]. */
WalkResult ToWalkResult(const Any& answer) {
  if (auto code = answer.try_cast<int64_t>(); code && answer.type_index() == TypeIndex::kInt) {
    if (*code == WalkResult::kAdvance) return WalkResult::Advance();
    if (*code == WalkResult::kSkip) return WalkResult::Skip();
    if (*code == WalkResult::kInterrupt) return WalkResult::Interrupt();
  }
  if (auto pair = answer.try_cast<Array<Any>>(); pair && pair->size() == 2) {
    return WalkResult::InterruptWith((*pair)[1]);
  }
  if (answer.is_none()) return WalkResult::Advance();
  TVM_FFI_THROW(TypeError) << "a walk callback must return a WalkResult, got `"
                           << answer.GetTypeKey() << "`";
}

Any WalkInterruptToAny(const std::optional<WalkInterrupt>& interrupt) {
  if (!interrupt.has_value()) return Any();
  return Array<Any>{interrupt->value};
}

Any Walk(Any root, Array<Any> callbacks, int64_t order) {
  std::vector<WalkCallback> erased;
  for (auto& [type_index, fn] : ParseCallbacks(callbacks)) {
    erased.push_back(WalkCallback{type_index, [fn](const Any& value, DefRegionKind kind) {
                                    return ToWalkResult(fn(value, static_cast<int64_t>(kind)));
                                  }});
  }
  return WalkInterruptToAny(StructuralWalk(root, erased, static_cast<WalkOrder>(order)));
}

Any Map(Any root, Array<Any> callbacks, int64_t order) {
  std::vector<MapCallback> erased;
  for (auto& [type_index, fn] : ParseCallbacks(callbacks)) {
    erased.push_back(
        MapCallback{type_index, [fn](const Any& value, DefRegionKind kind) -> std::optional<Any> {
                      Any replaced = fn(value, static_cast<int64_t>(kind));
                      if (replaced.is_none()) return std::nullopt;
                      return replaced;
                    }});
  }
  return StructuralMap(std::move(root), erased, static_cast<WalkOrder>(order));
}

Any Visit(Any root, Array<Any> callbacks) {
  std::vector<VisitCallback> erased;
  for (auto& [type_index, fn] : ParseCallbacks(callbacks)) {
    erased.push_back(VisitCallback{
        type_index,
        [fn](const Any& value, StructuralVisitorView& view) -> std::optional<WalkInterrupt> {
          ObjectPtr<StructuralViewObj> handle = make_object<StructuralViewObj>();
          handle->visitor = &view;
          ViewScope scope(handle);
          Any answer = fn(value, StructuralView(handle));
          if (answer.is_none()) return std::nullopt;
          return WalkInterrupt{answer.cast<Array<Any>>()[0]};
        }});
  }
  return WalkInterruptToAny(StructuralVisit(root, erased));
}

Any Mutate(Any root, Array<Any> callbacks) {
  std::vector<MutateCallback> erased;
  for (auto& [type_index, fn] : ParseCallbacks(callbacks)) {
    erased.push_back(
        MutateCallback{type_index, [fn](const Any& value, StructuralMutatorView& view) -> Any {
                         ObjectPtr<StructuralViewObj> handle = make_object<StructuralViewObj>();
                         handle->mutator = &view;
                         ViewScope scope(handle);
                         return fn(value, StructuralView(handle));
                       }});
  }
  return StructuralMutate(std::move(root), erased);
}

}  // namespace

TVM_FFI_STATIC_INIT_BLOCK() {
  ObjectDef<StructuralViewObj>()
      .def("default_visit",
           [](StructuralView view, Any node) {
             return WalkInterruptToAny(Visitor(view).DefaultVisit(node));
           })
      .def("visit", [](StructuralView view,
                       Any child) { return WalkInterruptToAny(Visitor(view).Visit(child)); })
      .def("default_mutate",
           [](StructuralView view, Any node) { return Mutator(view).DefaultMutate(node); })
      .def("mutate", [](StructuralView view, Any child) { return Mutator(view).Mutate(child); })
      .def("def_region_kind",
           [](StructuralView view) -> int64_t {
             return static_cast<int64_t>(view.get() != nullptr && view->mutator != nullptr
                                             ? Mutator(view).def_region_kind()
                                             : Visitor(view).def_region_kind());
           })
      .def("path", [](StructuralView view) {
        return view.get() != nullptr && view->mutator != nullptr ? Mutator(view).path()
                                                                 : Visitor(view).path();
      });
  GlobalDef()
      .def("ffi.StructuralWalk", Walk,
           "StructuralWalk(root, [[type_index, f(value, kind)], ...], order) -> None | [value]")
      .def("ffi.StructuralMap", Map,
           "StructuralMap(root, [[type_index, f(value, kind)], ...], order) -> new root")
      .def("ffi.StructuralVisit", Visit,
           "StructuralVisit(root, [[type_index, f(value, view)], ...]) -> None | [value]")
      .def("ffi.StructuralMutate", Mutate,
           "StructuralMutate(root, [[type_index, f(value, view)], ...]) -> new root");
}

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm
