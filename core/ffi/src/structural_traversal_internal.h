/*!
 * \file structural_traversal_internal.h
 * \brief What the structural traversals share beyond structural_internal.h (regions, field
 *  tables, container items): the children of a value as reflection describes them, the frame stack
 * behind access paths, and a depth guard.
 */
#ifndef TVM_FFI_SRC_STRUCTURAL_TRAVERSAL_INTERNAL_H_
#define TVM_FFI_SRC_STRUCTURAL_TRAVERSAL_INTERNAL_H_

#include <tvm/ffi/array.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/reflection/access_path.h>
#include <tvm/ffi/reflection/registry.h>

#include <vector>

#include "structural_internal.h"

namespace tvm {
namespace ffi {
namespace reflection {
namespace details {

using structural::Region;

/*! \brief The DefRegionKind a traversal reports for a value in `region`. */
inline DefRegionKind ReportedKind(Region region) {
  switch (region) {
    case Region::kPattern:
      return DefRegionKind::kPattern;
    case Region::kSimpleDef:
      return DefRegionKind::kSimple;
    default:
      return DefRegionKind::kNone;
  }
}

/*! \brief Fields and variable-ness per type, shared with equality and hashing. */
class FieldCache {
 public:
  const std::vector<const FieldInfo*>& Fields(int32_t type_index) {
    return table_.Get(type_index).fields;
  }
  bool IsVar(int32_t type_index) { return table_.Get(type_index).is_var; }

 private:
  structural::TypeTable table_;
};

/*! \brief The step from a value to one of its children. */
struct ChildStep {
  AccessKind kind = AccessKind::kAttr;
  /*! \brief The field of an attribute step; null for a child a callback picked itself (its
   *  place is unknown, so it adds no step to the path). */
  const FieldInfo* field = nullptr;
  int64_t index = 0;
  Any key;
};

/*! \brief One level of the traversal: the value, its context and how it was reached. */
struct Frame {
  const Any* value;
  Region region;
  ChildStep step;
  /*! \brief Only the traversal holds the value, so it may be updated in place. */
  bool unique = false;
};

/*! \brief The access path of frames[1..last] (frames[0] is the root). */
AccessPath PathOfFrames(const std::vector<Frame>& frames, int64_t last);

/*! \brief Whether two values are the same: one object, or equal inline values. */
bool SameValue(const Any& a, const Any& b);

/*! \brief Whether a value has children a traversal enters (containers and reflected objects). */
inline bool MayHaveChildren(const Any& value) {
  return value.is_object() && value.type_index() != TypeIndex::kStr &&
         value.type_index() != TypeIndex::kBytes;
}

/*!
 * \brief Calls visit(child, child_context, step) for each child of value: reflected fields in
 *  order, array and list items, map and dict keys then values. Stops when visit returns true.
 * \return whether visit stopped the enumeration.
 */
template <typename Visit>
bool ForEachChild(const Any& value, Region region, FieldCache* cache, Visit&& visit) {
  if (!MayHaveChildren(value)) return false;
  const int32_t type_index = value.type_index();
  if (type_index == TypeIndex::kArray || type_index == TypeIndex::kList) {
    const std::vector<Any>& items = structural::SeqItems(value);
    for (size_t i = 0; i < items.size(); ++i) {
      ChildStep step{AccessKind::kArrayItem, nullptr, static_cast<int64_t>(i), Any()};
      if (visit(items[i], structural::ArrayItemRegion(region), step)) return true;
    }
    return false;
  }
  if (type_index == TypeIndex::kMap || type_index == TypeIndex::kDict) {
    const Region inside = structural::MapValueRegion(region);
    for (const auto& [key, item] : structural::MapItems(value).items()) {
      ChildStep step{AccessKind::kMapItem, nullptr, 0, key};
      if (visit(key, inside, step) || visit(item, inside, step)) return true;
    }
    return false;
  }
  const Object* obj = value.pod().v_obj;
  for (const FieldInfo* field : cache->Fields(type_index)) {
    Any child = GetFieldValue(obj, *field);
    ChildStep step{AccessKind::kAttr, field, 0, Any()};
    if (visit(child, structural::FieldRegion(region, field->def_region), step)) return true;
  }
  return false;
}

}  // namespace details
}  // namespace reflection
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_SRC_STRUCTURAL_TRAVERSAL_INTERNAL_H_
