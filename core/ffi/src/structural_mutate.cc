/*!
 * \file structural_mutate.cc
 * \brief The rebuilding traversal behind structural_map and structural_mutate.
 *
 * Unchanged values come back as the same objects. A changed child makes its parent be rebuilt:
 * copied through the type's cloner, or updated in place when the traversal holds the only
 * reference (the caller passed the root by move and nothing else shares the path to it).
 * Variables follow their definitions: a variable is rebuilt where it is defined, and every use
 * receives what the definition became.
 */
#include <tvm/ffi/reflection/structural_visit.h>
#include <tvm/ffi/stack_guard.h>

#include <unordered_map>
#include <utility>

#include "structural_traversal_internal.h"

namespace tvm {
namespace ffi {
namespace reflection {
namespace details {

class StructuralMutateEngine {
 public:
  /*! \brief Map mode (callbacks applied in `order`) or mutate mode (callbacks steer). */
  StructuralMutateEngine(const std::vector<MapCallback>* map, WalkOrder order,
                         const std::vector<MutateCallback>* mutate)
      : map_(map), order_(order), mutate_(mutate) {}

  Any Run(Any root) {
    // `root` and the caller's argument: a count of one means the caller moved it in.
    const bool unique = root.is_object() && root.pod().v_obj->use_count() == 1;
    return Push(root, Region::kUse, ChildStep{}, unique);
  }

  /*! \brief The value of `frame` with its children mutated. */
  Any DefaultMutate(int64_t frame, const Any& node) {
    const Frame& current = frames_[frame];
    const bool unique = current.unique && SameValue(node, *current.value);
    if (!node.is_object() || !cache_.IsVar(node.type_index())) {
      return RebuildChildren(frame, node, unique);
    }
    // A variable is rebuilt once; every later occurrence receives the same result.
    auto it = remap_.find(node.pod().v_obj);
    if (it != remap_.end()) return it->second;
    Any rebuilt = RebuildChildren(frame, node, unique);
    if (!SameValue(rebuilt, node)) Remember(node, rebuilt);
    return rebuilt;
  }

  Any MutateSelected(int64_t frame, const Any& child) {
    Region region = structural::FieldRegion(frames_[frame].region, DefRegionKind::kNone);
    return Push(child, region, ChildStep{}, false);
  }

  DefRegionKind Kind(int64_t frame) const { return ReportedKind(frames_[frame].region); }
  AccessPath Path(int64_t frame) const { return PathOfFrames(frames_, frame); }

 private:
  Any Push(const Any& value, Region region, ChildStep step, bool unique) {
    CheckStackDepth("structural map", frames_.size());
    frames_.push_back(Frame{&value, region, std::move(step), unique});
    const int64_t frame = static_cast<int64_t>(frames_.size()) - 1;
    Any result = MutateFrame(frame, value);
    if (value.is_object() && cache_.IsVar(value.type_index())) {
      if (ReportedKind(region) != DefRegionKind::kNone && !SameValue(result, value)) {
        // A definition that became something else is what its uses become too,
        Remember(value, result);
      } else if (ReportedKind(region) == DefRegionKind::kNone && SameValue(result, value)) {
        // and a use a callback left alone follows its rewritten definition.
        auto it = remap_.find(value.pod().v_obj);
        if (it != remap_.end()) result = it->second;
      }
    }
    frames_.pop_back();
    return result;
  }

  Any MutateFrame(int64_t frame, const Any& value) {
    if (mutate_ != nullptr) {
      for (const MutateCallback& callback : *mutate_) {
        if (!MatchesTypeIndex(value, callback.type_index)) continue;
        StructuralMutatorView view(this, frame);
        return callback.fn(value, view);
      }
      return DefaultMutate(frame, value);
    }
    const MapCallback* callback = FindMapCallback(value);
    if (callback == nullptr) return DefaultMutate(frame, value);
    if (order_ == WalkOrder::kPreOrder) {
      std::optional<Any> replaced = callback->fn(value, Kind(frame));
      if (replaced.has_value() && !SameValue(*replaced, value)) return *std::move(replaced);
      return DefaultMutate(frame, value);
    }
    Any rebuilt = DefaultMutate(frame, value);
    // The callback may not apply to what the value became (a replaced variable use).
    if (!MatchesTypeIndex(rebuilt, callback->type_index)) return rebuilt;
    std::optional<Any> replaced = callback->fn(rebuilt, Kind(frame));
    return replaced.has_value() ? *std::move(replaced) : rebuilt;
  }

  void Remember(const Any& var, const Any& result) {
    remap_[var.pod().v_obj] = result;
    keep_alive_.push_back(var);
  }

  const MapCallback* FindMapCallback(const Any& value) const {
    for (const MapCallback& callback : *map_) {
      if (MatchesTypeIndex(value, callback.type_index)) return &callback;
    }
    return nullptr;
  }

  Any RebuildChildren(int64_t frame, const Any& node, bool unique) {
    if (!MayHaveChildren(node)) return node;
    const int32_t type_index = node.type_index();
    if (type_index == TypeIndex::kArray || type_index == TypeIndex::kList) {
      return RebuildSequence(frame, node);
    }
    if (type_index == TypeIndex::kMap || type_index == TypeIndex::kDict) {
      return RebuildMapping(frame, node);
    }
    return RebuildObject(frame, node, unique);
  }

  Any RebuildSequence(int64_t frame, const Any& node) {
    std::vector<Any> items;
    bool changed = false;
    ForEachChild(node, frames_[frame].region, &cache_,
                 [&](const Any& child, Region region, ChildStep& step) {
                   items.push_back(Push(child, region, std::move(step), false));
                   changed = changed || !SameValue(items.back(), child);
                   return false;
                 });
    if (!changed) return node;
    if (node.type_index() == TypeIndex::kList) return List<Any>(std::move(items));
    return Array<Any>(std::move(items));
  }

  Any RebuildMapping(int64_t frame, const Any& node) {
    std::vector<Any> parts;  // key, value, key, value, ...
    bool changed = false;
    ForEachChild(node, frames_[frame].region, &cache_,
                 [&](const Any& child, Region region, ChildStep& step) {
                   parts.push_back(Push(child, region, step, false));
                   changed = changed || !SameValue(parts.back(), child);
                   return false;
                 });
    if (!changed) return node;
    if (node.type_index() == TypeIndex::kDict) {
      Dict<Any, Any> dict;
      for (size_t i = 0; i + 1 < parts.size(); i += 2) dict.Set(parts[i], parts[i + 1]);
      return dict;
    }
    Map<Any, Any> map;
    for (size_t i = 0; i + 1 < parts.size(); i += 2) map.Set(parts[i], parts[i + 1]);
    return map;
  }

  Any RebuildObject(int64_t frame, const Any& node, bool unique) {
    const Object* obj = node.pod().v_obj;
    std::vector<std::pair<const FieldInfo*, Any>> changes;
    ForEachChild(node, frames_[frame].region, &cache_,
                 [&](const Any& child, Region region, ChildStep& step) {
                   // The field and the local copy hold the child: two owners means one.
                   const bool child_unique =
                       unique && child.is_object() && child.pod().v_obj->use_count() == 2;
                   const FieldInfo* field = step.field;
                   Any mapped = Push(child, region, std::move(step), child_unique);
                   if (!SameValue(mapped, child)) changes.emplace_back(field, std::move(mapped));
                   return false;
                 });
    if (changes.empty()) return node;
    Any target = unique ? node : Any(CloneObject(obj));
    Object* writable = const_cast<Object*>(target.pod().v_obj);
    for (const auto& [field, value] : changes) SetFieldValue(writable, *field, value);
    return target;
  }

  static ObjectRef CloneObject(const Object* obj) {
    const TypeInfo* info = GetTypeInfo(obj->type_index());
    if (info == nullptr || info->cloner == nullptr) {
      TVM_FFI_THROW(TypeError) << "structural map cannot rebuild a `"
                               << (info != nullptr ? info->type_key : std::string("?"))
                               << "`: the type has no copy constructor";
    }
    return info->cloner(obj);
  }

  const std::vector<MapCallback>* map_;
  WalkOrder order_;
  const std::vector<MutateCallback>* mutate_;
  std::vector<Frame> frames_;
  FieldCache cache_;
  /*! \brief What each rewritten definition became, keyed by the original variable. */
  std::unordered_map<const Object*, Any> remap_;
  /*! \brief Keeps the keys of remap_ alive so no address is reused during the traversal. */
  std::vector<Any> keep_alive_;
};

}  // namespace details

Any StructuralMutatorView::DefaultMutate(const Any& node) {
  return engine_->DefaultMutate(frame_, node);
}
Any StructuralMutatorView::Mutate(const Any& child) {
  return engine_->MutateSelected(frame_, child);
}
DefRegionKind StructuralMutatorView::def_region_kind() const { return engine_->Kind(frame_); }
AccessPath StructuralMutatorView::path() const { return engine_->Path(frame_); }

Any StructuralMap(Any root, const std::vector<MapCallback>& callbacks, WalkOrder order) {
  details::StructuralMutateEngine engine(&callbacks, order, nullptr);
  return engine.Run(std::move(root));
}

Any StructuralMutate(Any root, const std::vector<MutateCallback>& callbacks) {
  details::StructuralMutateEngine engine(nullptr, WalkOrder::kPostOrder, &callbacks);
  return engine.Run(std::move(root));
}

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm
