/*!
 * \file structural_internal.h
 * \brief What structural equality and structural hashing share: the definition-region context
 *  of a value, a per-call table of the compared fields of each type, and the comparison and
 *  hashing of leaf values (inline values, strings, shapes, tensors).
 *
 * Both walks visit values in the same order and enter the same regions, which is what keeps
 * the hash consistent with equality (docs/structural-equality.md).
 */
#ifndef TVM_FFI_SRC_STRUCTURAL_INTERNAL_H_
#define TVM_FFI_SRC_STRUCTURAL_INTERNAL_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/array.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/reflection/registry.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace tvm {
namespace ffi {
namespace reflection {
namespace structural {

/*!
 * \brief Where a value sits with respect to definitions.
 *  kUse: ordinary position; a variable here is a use.
 *  kSimpleDef: held directly by a Simple field (or an item of an array held by it); a variable
 *    here is a fresh definition, and what lies below it is back in kUse.
 *  kPattern: anywhere below a Pattern field; every variable here defines or must agree.
 */
enum class Region : uint8_t { kUse, kSimpleDef, kPattern };

/*! \brief The region of a value held by a field of kind `field_kind` of an object in `outer`. */
inline Region FieldRegion(Region outer, DefRegionKind field_kind) {
  if (outer == Region::kPattern || field_kind == DefRegionKind::kPattern) return Region::kPattern;
  return field_kind == DefRegionKind::kSimple ? Region::kSimpleDef : Region::kUse;
}

/*! \brief The region of the fields of a variable met in `outer` (its type, for instance). */
inline Region VarFieldRegion(Region outer) {
  return outer == Region::kPattern ? Region::kPattern : Region::kUse;
}

/*! \brief The region of the items of an array met in `outer`: they sit where the array sits. */
inline Region ArrayItemRegion(Region outer) { return outer; }

/*! \brief The region of the values of a map met in `outer`: never a direct definition. */
inline Region MapValueRegion(Region outer) { return VarFieldRegion(outer); }

/*! \brief What a frame of either walk holds: the root, an object, a variable, an array, a map. */
enum class FrameKind : uint8_t { kRoot, kObject, kVar, kArray, kMap };

/*! \brief The region of field `field` of an object or variable frame met in `outer`. */
inline Region FieldChildRegion(FrameKind kind, Region outer, const FieldInfo& field) {
  return kind == FrameKind::kVar ? VarFieldRegion(outer) : FieldRegion(outer, field.def_region);
}

/*! \brief Whether the type index is a mutable container (List, Dict): only they form cycles. */
inline bool IsMutableContainer(int32_t type_index) {
  return type_index == TypeIndex::kList || type_index == TypeIndex::kDict;
}

/*! \brief The items of an Array or List. */
inline const std::vector<Any>& SeqItems(const AnyView& value) {
  const Object* obj = value.pod().v_obj;
  return value.type_index() == TypeIndex::kArray ? static_cast<const ArrayObj*>(obj)->data
                                                 : static_cast<const ListObj*>(obj)->data;
}

/*! \brief The entries of a Map or Dict. */
inline const ffi::details::OrderedAnyMap& MapItems(const AnyView& value) {
  const Object* obj = value.pod().v_obj;
  return value.type_index() == TypeIndex::kMap ? static_cast<const MapObj*>(obj)->data
                                               : static_cast<const DictObj*>(obj)->data;
}

/*!
 * \brief The fields structural utilities look at (not structurally ignored; definition fields
 *  first, then the others, each group in declaration order with inherited fields first) and
 *  whether the type is a variable (StructuralKind::kVar or derived from one).
 */
struct TypeEntry {
  std::vector<const FieldInfo*> fields;
  bool is_var = false;
};

/*!
 * \brief Lazily built per call, so types registered at any time are seen and the registry is
 *  asked once per type instead of once per node.
 */
class TypeTable {
 public:
  const TypeEntry& Get(int32_t type_index) {
    size_t slot = static_cast<size_t>(type_index);
    if (slot < entries_.size() && entries_[slot] != nullptr) return *entries_[slot];
    return Build(type_index);
  }

 private:
  /*! \brief Asks the registry about a type met for the first time in this call. */
  const TypeEntry& Build(int32_t type_index);

  std::vector<std::unique_ptr<TypeEntry>> entries_;
};

/*!
 * \brief A value met by a walk: borrowed, since the walk's root is held by its caller for the
 *  whole call and each parent keeps its children alive (IR is immutable, and nothing runs
 *  during equality or hashing that could change a List or Dict). `keep` owns the value only
 *  when the field it came from has no borrowed view (FieldInfo::view_getter).
 */
struct Child {
  AnyView view;
  Any keep;
};

/*! \brief Reads a field of an object without touching reference counts when it can. */
inline void ReadField(const Object* obj, const FieldInfo& field, Child* out) {
  const char* addr = reinterpret_cast<const char*>(obj) + field.offset;
  if (field.view_getter != nullptr) {
    out->view = field.view_getter(addr);
    return;
  }
  field.getter(addr, &out->keep);
  out->view = AnyView(out->keep);
}

/*! \brief The number of children of an object, variable or array frame over `value`. */
inline size_t ChildCount(FrameKind kind, const TypeEntry* type, const AnyView& value) {
  return kind == FrameKind::kArray ? SeqItems(value).size() : type->fields.size();
}

/*!
 * \brief Reads child `index` of an object, variable or array frame over `value`, met in region
 *  `outer`; returns the child's region.
 */
inline Region ReadChild(FrameKind kind, Region outer, const TypeEntry* type, const AnyView& value,
                        size_t index, Child* out) {
  if (kind == FrameKind::kArray) {
    out->view = AnyView(SeqItems(value)[index]);
    return ArrayItemRegion(outer);
  }
  const FieldInfo& field = *type->fields[index];
  ReadField(value.pod().v_obj, field, out);
  return FieldChildRegion(kind, outer, field);
}

/*!
 * \brief The variable tables of equality and hashing: an open-addressing map from object to
 *  value in one flat array (no allocation per entry, unlike std::unordered_map, and one probe
 *  sequence in one cache line for most lookups). Entries are never removed or overwritten.
 */
template <typename V>
class PointerMap {
 public:
  /*! \return the value of `key`, or nullptr. */
  const V* Find(const Object* key) const {
    if (slots_.empty()) return nullptr;
    for (size_t i = Home(key);; i = (i + 1) & mask_) {
      if (slots_[i].key == key) return &slots_[i].value;
      if (slots_[i].key == nullptr) return nullptr;
    }
  }
  bool Contains(const Object* key) const { return Find(key) != nullptr; }
  /*! \brief Adds `key` unless present (like emplace: an existing value stays). */
  void Insert(const Object* key, V value) {
    if (2 * (size_ + 1) > slots_.size()) Grow();
    size_t i = Home(key);
    for (; slots_[i].key != nullptr; i = (i + 1) & mask_) {
      if (slots_[i].key == key) return;
    }
    slots_[i] = Slot{key, value};
    ++size_;
  }

 private:
  struct Slot {
    const Object* key = nullptr;
    V value{};
  };
  size_t Home(const Object* key) const {
    uint64_t bits = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(key));
    return static_cast<size_t>((bits * 0x9e3779b97f4a7c15ULL) >> 32) & mask_;
  }
  void Grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 16 : 2 * old.size(), Slot{});
    mask_ = slots_.size() - 1;
    size_ = 0;
    for (const Slot& slot : old) {
      if (slot.key != nullptr) Insert(slot.key, slot.value);
    }
  }

  std::vector<Slot> slots_;
  size_t mask_ = 0;
  size_t size_ = 0;
};

/*! \brief Equality of two values of one inline type index (below kStaticObjectBegin). */
bool InlineEqual(const AnyPOD& a, const AnyPOD& b);
/*! \brief A hash of an inline value consistent with InlineEqual (NaNs alike, -0.0 == 0.0). */
uint64_t InlineHash(const AnyPOD& value);

/*!
 * \brief Equality of two objects of one of the built-in leaf types (string, bytes, shape,
 *  tensor, function, module, error); false for any other type index.
 */
bool LeafObjectEqual(const AnyPOD& a, const AnyPOD& b, bool skip_tensor_content);
/*! \brief A hash of a leaf object consistent with LeafObjectEqual. */
uint64_t LeafObjectHash(const AnyPOD& value, bool skip_tensor_content);
/*! \brief Whether the type index is one LeafObjectEqual handles. */
inline bool IsLeafObject(int32_t type_index) {
  switch (type_index) {
    case TypeIndex::kStr:
    case TypeIndex::kBytes:
    case TypeIndex::kShape:
    case TypeIndex::kTensor:
    case TypeIndex::kFunction:
    case TypeIndex::kModule:
    case TypeIndex::kError:
      return true;
    default:
      return false;
  }
}

/*!
 * \brief Whether a map key is compared by content rather than identity: an object that is
 *  not a leaf (a GlobalVar keying a module's functions names the same function in two
 *  modules built apart).
 */
inline bool IsContentKey(const Any& key) {
  int32_t index = key.type_index();
  return index >= TypeIndex::kStaticObjectBegin && !IsLeafObject(index);
}

/*! \brief A map key's hash consistent with key matching (structural for content keys). */
uint64_t MapKeyHash(const Any& key, bool skip_tensor_content);

/*!
 * \brief The value `map` holds for a key equal to `key`: by identity (or string content), else,
 *  for a content key, the first key of the same type that is structurally equal.
 */
const Any* FindMapKey(const ffi::details::OrderedAnyMap& map, const Any& key,
                      bool skip_tensor_content);

/*! \brief One step of a 64-bit streaming hash. */
inline uint64_t HashStep(uint64_t state, uint64_t value) {
  uint64_t x = (state ^ value) * 0x9e3779b97f4a7c15ULL;
  return (x ^ (x >> 31)) * 0xbf58476d1ce4e5b9ULL + 0x94d049bb133111ebULL;
}

}  // namespace structural
}  // namespace reflection
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_SRC_STRUCTURAL_INTERNAL_H_
