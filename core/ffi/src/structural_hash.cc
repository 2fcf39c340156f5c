/*!
 * \file structural_hash.cc
 * \brief Structural hashing: one walk with an explicit stack that feeds a token stream into a
 *  running hash, visiting values in the order and regions structural equality uses.
 *
 * No per-node allocation: frames live in one vector, and only maps with two or more entries
 * use a shared scratch vector (their entries are hashed in key-hash order, since equal maps may
 * have been built in different orders).
 */
#include <tvm/ffi/array.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/reflection/structural_hash.h>

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

/*! \brief Tokens that tell apart the ways a variable can be hashed. */
enum VarToken : uint64_t {
  kBoundVar = 0x5641522d55534531ULL,
  kFreeVarIdentity = 0x5641522d46524545ULL,
  kNewVar = 0x5641522d44454631ULL,
  kCycle = 0x4359434c452d2d31ULL,
};

struct Frame {
  FrameKind kind;
  Region region;
  bool is_mutable = false;
  uint32_t cursor = 0;
  const TypeEntry* type = nullptr;
  /*! \brief Maps: where the frame's entry order starts in the scratch vector. */
  uint32_t order_begin = 0;
  /*! \brief The value, borrowed, and its owner when a field could not be borrowed. */
  AnyView value;
  Any keep;
};

using MapItem = ffi::details::OrderedAnyMap::Item;

class HashWalker {
 public:
  explicit HashWalker(StructuralEqualOptions options) : options_(options) {}

  uint64_t Run(const Any& value) {
    stack_.push_back(Frame{FrameKind::kRoot, Region::kUse, false, 0, nullptr, 0, value, {}});
    while (!stack_.empty()) Step();
    return structural::HashStep(state_, next_index_);
  }

 private:
  void Feed(uint64_t token) { state_ = structural::HashStep(state_, token); }

  /*! \brief Hashes the next child of the top frame, or finishes the frame. */
  void Step() {
    const size_t depth = stack_.size() - 1;
    Frame& frame = stack_.back();
    Child child;
    Region region = Region::kUse;
    switch (frame.kind) {
      case FrameKind::kRoot:
        if (frame.cursor == 1) return Finish();
        child.view = frame.value;
        break;
      case FrameKind::kObject:
      case FrameKind::kVar:
      case FrameKind::kArray:
        if (frame.cursor == structural::ChildCount(frame.kind, frame.type, frame.value)) {
          return Finish();
        }
        region = structural::ReadChild(frame.kind, frame.region, frame.type, frame.value,
                                       frame.cursor, &child);
        break;
      case FrameKind::kMap: {
        if (frame.cursor == MapItems(frame.value).size()) return Finish();
        const MapItem& item = *order_[frame.order_begin + frame.cursor];
        Feed(structural::MapKeyHash(item.first, options_.skip_tensor_content));
        child.view = AnyView(item.second);
        region = structural::MapValueRegion(frame.region);
        break;
      }
    }
    if (!Visit(&child, region)) ++stack_[depth].cursor;
  }

  /*! \brief Hashes one value; returns true when it pushed a frame for its children. */
  bool Visit(Child* value, Region region) {
    const AnyPOD& pod = value->view.pod();
    Feed(static_cast<uint64_t>(pod.type_index));
    if (pod.type_index < TypeIndex::kStaticObjectBegin) {
      Feed(structural::InlineHash(pod));
      return false;
    }
    if (structural::IsLeafObject(pod.type_index)) {
      Feed(structural::LeafObjectHash(pod, options_.skip_tensor_content));
      return false;
    }
    switch (pod.type_index) {
      case TypeIndex::kArray:
      case TypeIndex::kList:
        Feed(SeqItems(value->view).size());
        return PushContainer(FrameKind::kArray, value, region);
      case TypeIndex::kMap:
      case TypeIndex::kDict:
        Feed(MapItems(value->view).size());
        return PushContainer(FrameKind::kMap, value, region);
      default:
        break;
    }
    const TypeEntry& type = types_.Get(pod.type_index);
    if (type.is_var) return VisitVar(type, value, region);
    if (type.fields.empty()) return false;
    Push(FrameKind::kObject, region, &type, value);
    return true;
  }

  /*!
   * \brief A variable: a bound one hashes to its index; a definition (or a free variable under
   *  map_free_vars) hashes its fields and gets the next index; other free ones hash by identity.
   */
  bool VisitVar(const TypeEntry& type, Child* value, Region region) {
    const Object* var = value->view.pod().v_obj;
    if (const uint64_t* index = index_.Find(var)) {
      Feed(kBoundVar);
      Feed(*index);
      return false;
    }
    if (region == Region::kUse && !options_.map_free_vars) {
      Feed(kFreeVarIdentity);
      Feed(static_cast<uint64_t>(reinterpret_cast<uintptr_t>(var)));
      return false;
    }
    Feed(kNewVar + static_cast<uint64_t>(region));
    Push(FrameKind::kVar, region, &type, value);
    return true;
  }

  void Push(FrameKind kind, Region region, const TypeEntry* type, Child* value) {
    stack_.push_back(Frame{kind, region, false, 0, type, 0, value->view, std::move(value->keep)});
  }

  bool PushContainer(FrameKind kind, Child* value, Region region) {
    bool is_mutable = structural::IsMutableContainer(value->view.type_index());
    if (is_mutable) {
      for (const Frame& frame : stack_) {
        if (frame.is_mutable && frame.value.pod().v_obj == value->view.pod().v_obj) {
          Feed(kCycle);
          return false;
        }
      }
    }
    uint32_t order_begin = static_cast<uint32_t>(order_.size());
    if (kind == FrameKind::kMap) AppendKeyOrder(MapItems(value->view));
    Push(kind, region, nullptr, value);
    stack_.back().is_mutable = is_mutable;
    stack_.back().order_begin = order_begin;
    return true;
  }

  /*! \brief Appends the map's entries to the scratch order, sorted by key hash. */
  void AppendKeyOrder(const ffi::details::OrderedAnyMap& map) {
    size_t begin = order_.size();
    for (const MapItem& item : map.items()) order_.push_back(&item);
    if (map.size() < 2) return;
    std::sort(order_.begin() + static_cast<std::ptrdiff_t>(begin), order_.end(),
              [this](const MapItem* a, const MapItem* b) {
                return structural::MapKeyHash(a->first, options_.skip_tensor_content) <
                       structural::MapKeyHash(b->first, options_.skip_tensor_content);
              });
  }

  /*! \brief Pops the top frame (numbering a new variable) and moves its parent on. */
  void Finish() {
    Frame& frame = stack_.back();
    if (frame.kind == FrameKind::kVar) index_.Insert(frame.value.pod().v_obj, next_index_++);
    if (frame.kind == FrameKind::kMap) order_.resize(frame.order_begin);
    stack_.pop_back();
    if (!stack_.empty()) ++stack_.back().cursor;
  }

  StructuralEqualOptions options_;
  uint64_t state_ = 0x243f6a8885a308d3ULL;
  uint64_t next_index_ = 0;
  std::vector<Frame> stack_;
  std::vector<const MapItem*> order_;
  structural::TypeTable types_;
  structural::PointerMap<uint64_t> index_;
};

}  // namespace

uint64_t StructuralHash(const Any& value, StructuralEqualOptions options) {
  return HashWalker(options).Run(value);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  GlobalDef().def(
      "ffi.StructuralHash",
      [](Any value, bool map_free_vars, bool skip_tensor_content) {
        return static_cast<int64_t>(StructuralHash(value, {map_free_vars, skip_tensor_content}));
      },
      "StructuralHash(value, map_free_vars, skip_tensor_content) -> int");
}

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm
