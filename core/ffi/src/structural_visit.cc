/*!
 * \file structural_visit.cc
 * \brief The read-only traversal behind structural_walk and structural_visit.
 */
#include <tvm/ffi/reflection/structural_visit.h>
#include <tvm/ffi/stack_guard.h>

#include <string>

#include "structural_traversal_internal.h"

namespace tvm {
namespace ffi {
namespace reflection {
namespace details {

AccessPath PathOfFrames(const std::vector<Frame>& frames, int64_t last) {
  AccessPath path = AccessPath::Root();
  for (int64_t i = 1; i <= last; ++i) {
    const ChildStep& step = frames[i].step;
    switch (step.kind) {
      case AccessKind::kAttr:
        if (step.field != nullptr) path = path.Attr(step.field->name);
        break;
      case AccessKind::kArrayItem:
        path = path.ArrayItem(step.index);
        break;
      default:
        path = path.MapItem(step.key);
        break;
    }
  }
  return path;
}

bool SameValue(const Any& a, const Any& b) {
  if (a.type_index() != b.type_index()) return false;
  // Strings are values: a binding may hand back an equal copy of an unchanged one.
  if (a.is_object() &&
      !(a.type_index() == TypeIndex::kStr || a.type_index() == TypeIndex::kBytes)) {
    return a.pod().v_obj == b.pod().v_obj;
  }
  return AnyEqual()(a, b);
}

bool MatchesTypeIndex(const Any& value, int32_t type_index) {
  if (type_index == kAnyValueTypeIndex) return !value.is_none();
  if (!value.is_object()) return false;
  const int32_t actual = value.type_index();
  return actual == type_index || ffi::details::IsDerivedFrom(actual, type_index);
}

/*!
 * \brief One traversal. In walk mode the callbacks run before or after the children as the
 *  order says and their WalkResult steers the traversal; in visit mode a matching callback
 *  replaces the default traversal of its value and recurses through its view.
 */
class StructuralVisitEngine {
 public:
  StructuralVisitEngine(const std::vector<WalkCallback>* walk, WalkOrder order,
                        const std::vector<VisitCallback>* visit)
      : walk_(walk), order_(order), visit_(visit) {}

  std::optional<WalkInterrupt> Run(const Any& root) {
    frames_.push_back(Frame{&root, Region::kUse, ChildStep{}, false});
    return VisitFrame();
  }

  std::optional<WalkInterrupt> DefaultVisit(int64_t frame, const Any& node) {
    std::optional<WalkInterrupt> result;
    ForEachChild(node, frames_[frame].region, &cache_,
                 [&](const Any& child, Region region, ChildStep& step) {
                   result = Push(child, region, std::move(step));
                   return result.has_value();
                 });
    return result;
  }

  std::optional<WalkInterrupt> VisitSelected(int64_t frame, const Any& child) {
    Region region = structural::FieldRegion(frames_[frame].region, DefRegionKind::kNone);
    return Push(child, region, ChildStep{});
  }

  std::optional<WalkInterrupt> VisitField(int64_t frame, const Any& node, std::string_view name) {
    const FieldInfo* field = node.is_object() ? FindField(node.type_index(), name) : nullptr;
    if (field == nullptr) {
      TVM_FFI_THROW(AttributeError)
          << "`" << node.GetTypeKey() << "` has no field `" << name << "`";
    }
    Region region = structural::FieldRegion(frames_[frame].region, field->def_region);
    Any child = GetFieldValue(node.pod().v_obj, *field);
    return Push(child, region, ChildStep{AccessKind::kAttr, field, 0, Any()});
  }

  DefRegionKind Kind(int64_t frame) const { return ReportedKind(frames_[frame].region); }
  AccessPath Path(int64_t frame) const { return PathOfFrames(frames_, frame); }

 private:
  std::optional<WalkInterrupt> Push(const Any& child, Region region, ChildStep step) {
    CheckStackDepth("structural traversal", frames_.size());
    frames_.push_back(Frame{&child, region, std::move(step), false});
    std::optional<WalkInterrupt> result = VisitFrame();
    frames_.pop_back();
    return result;
  }

  std::optional<WalkInterrupt> VisitFrame() {
    const int64_t frame = static_cast<int64_t>(frames_.size()) - 1;
    const Any& value = *frames_[frame].value;
    if (visit_ != nullptr) {
      for (const VisitCallback& callback : *visit_) {
        if (!MatchesTypeIndex(value, callback.type_index)) continue;
        StructuralVisitorView view(this, frame);
        return callback.fn(value, view);
      }
      return DefaultVisit(frame, value);
    }
    return WalkFrame(frame, value);
  }

  std::optional<WalkInterrupt> WalkFrame(int64_t frame, const Any& value) {
    const WalkCallback* callback = FindWalkCallback(value);
    if (callback != nullptr && order_ == WalkOrder::kPreOrder) {
      WalkResult result = callback->fn(value, Kind(frame));
      if (result.kind == WalkResult::kInterrupt) return WalkInterrupt{std::move(result.value)};
      if (result.kind == WalkResult::kSkip) return std::nullopt;
    }
    if (auto interrupt = DefaultVisit(frame, value)) return interrupt;
    if (callback != nullptr && order_ == WalkOrder::kPostOrder) {
      WalkResult result = callback->fn(value, Kind(frame));
      if (result.kind == WalkResult::kInterrupt) return WalkInterrupt{std::move(result.value)};
    }
    return std::nullopt;
  }

  const WalkCallback* FindWalkCallback(const Any& value) const {
    for (const WalkCallback& callback : *walk_) {
      if (MatchesTypeIndex(value, callback.type_index)) return &callback;
    }
    return nullptr;
  }

  const std::vector<WalkCallback>* walk_;
  WalkOrder order_;
  const std::vector<VisitCallback>* visit_;
  std::vector<Frame> frames_;
  FieldCache cache_;
};

}  // namespace details

std::optional<WalkInterrupt> StructuralVisitorView::DefaultVisit(const Any& node) {
  return engine_->DefaultVisit(frame_, node);
}
std::optional<WalkInterrupt> StructuralVisitorView::Visit(const Any& child) {
  return engine_->VisitSelected(frame_, child);
}
std::optional<WalkInterrupt> StructuralVisitorView::VisitField(const Any& node,
                                                               std::string_view name) {
  return engine_->VisitField(frame_, node, name);
}
DefRegionKind StructuralVisitorView::def_region_kind() const { return engine_->Kind(frame_); }
AccessPath StructuralVisitorView::path() const { return engine_->Path(frame_); }

std::optional<WalkInterrupt> StructuralWalk(const Any& root,
                                            const std::vector<WalkCallback>& callbacks,
                                            WalkOrder order) {
  details::StructuralVisitEngine engine(&callbacks, order, nullptr);
  return engine.Run(root);
}

std::optional<WalkInterrupt> StructuralVisit(const Any& root,
                                             const std::vector<VisitCallback>& callbacks) {
  details::StructuralVisitEngine engine(nullptr, WalkOrder::kPreOrder, &callbacks);
  return engine.Run(root);
}

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm
