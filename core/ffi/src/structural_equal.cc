/*!
 * \file structural_equal.cc
 * \brief Structural equality and the first mismatch, as one walk over pairs of values with an
 *  explicit stack (no recursion, so any depth works).
 *
 * The stack holds one frame per container or object being compared; each frame's cursor names
 * the child under comparison. A mismatch leaves the stack as it is, so the two access paths
 * are read off the cursors only when someone asks for them.
 */
#include <tvm/ffi/array.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ffi/string.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "structural_internal.h"

namespace tvm {
namespace ffi {
namespace reflection {
namespace {

using structural::Child;
using structural::FrameKind;
using structural::MapItems;
using structural::Region;
using structural::SeqItems;
using structural::TypeEntry;

/*! \brief A pair of containers or objects under comparison. */
struct Frame {
  FrameKind kind;
  Region region;
  /*! \brief Whether the pair is a List or Dict (only those can form cycles). */
  bool is_mutable = false;
  /*! \brief The child under comparison: field, item or lhs entry index. */
  uint32_t cursor = 0;
  /*! \brief The compared fields (objects and variables). */
  const TypeEntry* type = nullptr;
  /*! \brief The pair, borrowed (see structural::Child). */
  AnyView lhs;
  AnyView rhs;
  /*! \brief The pair's owners when a field could not be borrowed, else None. */
  Any keep_lhs;
  Any keep_rhs;
};

/*! \brief An item or key present on one side only, found at the top frame. */
struct MissingItem {
  bool found = false;
  bool lhs_lacks = false;
  Any key;
};

class EqualWalker {
 public:
  EqualWalker(StructuralEqualOptions options, bool want_path)
      : options_(options), want_path_(want_path) {}

  /*! \return whether lhs and rhs are structurally equal. */
  bool Run(const Any& lhs, const Any& rhs) {
    stack_.push_back(Frame{FrameKind::kRoot, Region::kUse, false, 0, nullptr, lhs, rhs, {}, {}});
    while (!stack_.empty()) {
      if (Step() == Outcome::kUnequal) return false;
    }
    return true;
  }

  /*! \brief The paths to the mismatch that made Run return false. */
  std::pair<AccessPath, AccessPath> MismatchPaths() const {
    AccessPath lhs = AccessPath::Root();
    AccessPath rhs = AccessPath::Root();
    for (size_t i = 0; i < stack_.size(); ++i) {
      const Frame& frame = stack_[i];
      if (i + 1 == stack_.size() && missing_.found) {
        AppendMissing(frame, &lhs, &rhs);
      } else {
        AppendCursor(frame, &lhs, &rhs);
      }
    }
    return {lhs, rhs};
  }

 private:
  enum class Outcome { kEqual, kUnequal, kPushed };

  /*! \brief Compares the next child of the top frame, or finishes the frame. */
  Outcome Step() {
    const size_t depth = stack_.size() - 1;
    Frame& frame = stack_.back();
    Child lhs;
    Child rhs;
    Region region = Region::kUse;
    switch (frame.kind) {
      case FrameKind::kRoot:
        if (frame.cursor == 1) return Finish();
        lhs.view = frame.lhs;
        rhs.view = frame.rhs;
        break;
      case FrameKind::kObject:
      case FrameKind::kVar:
      case FrameKind::kArray: {
        size_t size_a = structural::ChildCount(frame.kind, frame.type, frame.lhs);
        size_t size_b = structural::ChildCount(frame.kind, frame.type, frame.rhs);
        if (frame.cursor == std::min(size_a, size_b)) {
          if (size_a == size_b) return Finish();
          return ReportMissing(size_a < size_b, Any(static_cast<int64_t>(frame.cursor)));
        }
        region = structural::ReadChild(frame.kind, frame.region, frame.type, frame.lhs,
                                       frame.cursor, &lhs);
        structural::ReadChild(frame.kind, frame.region, frame.type, frame.rhs, frame.cursor, &rhs);
        break;
      }
      case FrameKind::kMap: {
        const ffi::details::OrderedAnyMap& a = MapItems(frame.lhs);
        const ffi::details::OrderedAnyMap& b = MapItems(frame.rhs);
        if (frame.cursor == a.size()) {
          if (a.size() == b.size()) return Finish();
          return ReportMissing(true, FirstKeyMissingFrom(a, b));
        }
        const auto& item = a.items()[frame.cursor];
        const Any* other = structural::FindMapKey(b, item.first, options_.skip_tensor_content);
        if (other == nullptr) return ReportMissing(false, item.first);
        lhs.view = AnyView(item.second);
        rhs.view = AnyView(*other);
        region = structural::MapValueRegion(frame.region);
        break;
      }
    }
    Outcome outcome = Visit(&lhs, &rhs, region);
    if (outcome == Outcome::kEqual) ++stack_[depth].cursor;
    return outcome;
  }

  /*! \brief Compares one pair of values; pushes a frame when it has children to compare. */
  Outcome Visit(Child* lhs, Child* rhs, Region region) {
    const AnyPOD& a = lhs->view.pod();
    const AnyPOD& b = rhs->view.pod();
    if (a.type_index != b.type_index) return Outcome::kUnequal;
    if (a.type_index < TypeIndex::kStaticObjectBegin) {
      return structural::InlineEqual(a, b) ? Outcome::kEqual : Outcome::kUnequal;
    }
    if (structural::IsLeafObject(a.type_index)) {
      bool equal = structural::LeafObjectEqual(a, b, options_.skip_tensor_content);
      return equal ? Outcome::kEqual : Outcome::kUnequal;
    }
    switch (a.type_index) {
      case TypeIndex::kArray:
      case TypeIndex::kList:
        if (!want_path_ && SeqItems(lhs->view).size() != SeqItems(rhs->view).size()) {
          return Outcome::kUnequal;
        }
        return PushContainer(FrameKind::kArray, lhs, rhs, region);
      case TypeIndex::kMap:
      case TypeIndex::kDict:
        if (!want_path_ && MapItems(lhs->view).size() != MapItems(rhs->view).size()) {
          return Outcome::kUnequal;
        }
        return PushContainer(FrameKind::kMap, lhs, rhs, region);
      default:
        break;
    }
    const TypeEntry& type = types_.Get(a.type_index);
    if (type.is_var) return VisitVar(type, lhs, rhs, region);
    if (type.fields.empty()) return Outcome::kEqual;
    Push(FrameKind::kObject, region, &type, lhs, rhs);
    return Outcome::kPushed;
  }

  /*!
   * \brief A pair of variables: recorded ones must be partners; a new pair is recorded after
   *  its fields compare equal when it is a definition (or a free pair under map_free_vars);
   *  otherwise free variables are equal only to themselves.
   */
  Outcome VisitVar(const TypeEntry& type, Child* lhs, Child* rhs, Region region) {
    const Object* a = lhs->view.pod().v_obj;
    const Object* b = rhs->view.pod().v_obj;
    if (const Object* const* partner = lhs_to_rhs_.Find(a)) {
      return *partner == b ? Outcome::kEqual : Outcome::kUnequal;
    }
    if (rhs_to_lhs_.Contains(b)) return Outcome::kUnequal;
    if (region == Region::kUse && !options_.map_free_vars) {
      if (a != b) return Outcome::kUnequal;
      Record(a, b);
      return Outcome::kEqual;
    }
    if (type.fields.empty()) {
      Record(a, b);
      return Outcome::kEqual;
    }
    Push(FrameKind::kVar, region, &type, lhs, rhs);
    return Outcome::kPushed;
  }

  Outcome PushContainer(FrameKind kind, Child* lhs, Child* rhs, Region region) {
    bool is_mutable = structural::IsMutableContainer(lhs->view.type_index());
    if (is_mutable) {
      // A pair met again inside its own comparison: assume equal (the rest decides).
      for (const Frame& frame : stack_) {
        if (frame.is_mutable && frame.lhs.pod().v_obj == lhs->view.pod().v_obj &&
            frame.rhs.pod().v_obj == rhs->view.pod().v_obj) {
          return Outcome::kEqual;
        }
      }
    }
    Push(kind, region, nullptr, lhs, rhs);
    stack_.back().is_mutable = is_mutable;
    return Outcome::kPushed;
  }

  void Push(FrameKind kind, Region region, const TypeEntry* type, Child* lhs, Child* rhs) {
    stack_.push_back(Frame{kind, region, false, 0, type, lhs->view, rhs->view, std::move(lhs->keep),
                           std::move(rhs->keep)});
  }

  /*! \brief Pops the top frame (recording a variable pair) and moves its parent on. */
  Outcome Finish() {
    Frame& frame = stack_.back();
    if (frame.kind == FrameKind::kVar) Record(frame.lhs.pod().v_obj, frame.rhs.pod().v_obj);
    stack_.pop_back();
    if (!stack_.empty()) ++stack_.back().cursor;
    return Outcome::kEqual;
  }

  Outcome ReportMissing(bool lhs_lacks, Any key) {
    missing_ = MissingItem{true, lhs_lacks, std::move(key)};
    return Outcome::kUnequal;
  }

  static Any FirstKeyMissingFrom(const ffi::details::OrderedAnyMap& present,
                                 const ffi::details::OrderedAnyMap& other) {
    for (const auto& item : other.items()) {
      if (structural::FindMapKey(present, item.first, false) == nullptr) return item.first;
    }
    return Any();
  }

  void Record(const Object* lhs, const Object* rhs) {
    lhs_to_rhs_.Insert(lhs, rhs);
    rhs_to_lhs_.Insert(rhs, lhs);
  }

  static void AppendCursor(const Frame& frame, AccessPath* lhs, AccessPath* rhs) {
    switch (frame.kind) {
      case FrameKind::kRoot:
        return;
      case FrameKind::kObject:
      case FrameKind::kVar: {
        String name(frame.type->fields[frame.cursor]->name);
        *lhs = lhs->Attr(name);
        *rhs = rhs->Attr(name);
        return;
      }
      case FrameKind::kArray:
        *lhs = lhs->ArrayItem(frame.cursor);
        *rhs = rhs->ArrayItem(frame.cursor);
        return;
      case FrameKind::kMap: {
        const Any& key = MapItems(frame.lhs).items()[frame.cursor].first;
        *lhs = lhs->MapItem(key);
        *rhs = rhs->MapItem(key);
        return;
      }
    }
  }

  void AppendMissing(const Frame& frame, AccessPath* lhs, AccessPath* rhs) const {
    AccessPath* lacking = missing_.lhs_lacks ? lhs : rhs;
    AccessPath* holding = missing_.lhs_lacks ? rhs : lhs;
    if (frame.kind == FrameKind::kArray) {
      int64_t index = missing_.key.cast<int64_t>();
      *lacking = lacking->ArrayItemMissing(index);
      *holding = holding->ArrayItem(index);
    } else {
      *lacking = lacking->MapItemMissing(missing_.key);
      *holding = holding->MapItem(missing_.key);
    }
  }

  StructuralEqualOptions options_;
  bool want_path_;
  std::vector<Frame> stack_;
  structural::TypeTable types_;
  structural::PointerMap<const Object*> lhs_to_rhs_;
  structural::PointerMap<const Object*> rhs_to_lhs_;
  MissingItem missing_;
};

}  // namespace

bool StructuralEqual(const Any& lhs, const Any& rhs, StructuralEqualOptions options) {
  return EqualWalker(options, false).Run(lhs, rhs);
}

std::optional<std::pair<AccessPath, AccessPath>> GetFirstStructuralMismatch(
    const Any& lhs, const Any& rhs, StructuralEqualOptions options) {
  EqualWalker walker(options, true);
  if (walker.Run(lhs, rhs)) return std::nullopt;
  return walker.MismatchPaths();
}

TVM_FFI_STATIC_INIT_BLOCK() {
  GlobalDef()
      .def(
          "ffi.StructuralEqual",
          [](Any lhs, Any rhs, bool map_free_vars, bool skip_tensor_content) {
            return StructuralEqual(lhs, rhs, {map_free_vars, skip_tensor_content});
          },
          "StructuralEqual(lhs, rhs, map_free_vars, skip_tensor_content) -> bool")
      .def(
          "ffi.GetFirstStructuralMismatch",
          [](Any lhs, Any rhs, bool map_free_vars, bool skip_tensor_content) -> Any {
            auto paths = GetFirstStructuralMismatch(lhs, rhs, {map_free_vars, skip_tensor_content});
            if (!paths.has_value()) return Any();
            return Array<AccessPath>({paths->first, paths->second});
          },
          "GetFirstStructuralMismatch(lhs, rhs, map_free_vars, skip_tensor_content) -> "
          "None | [lhs_path, rhs_path]");
}

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm
