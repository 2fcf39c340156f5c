/*!
 * \file structural_traversal_internal.h
 * \brief What the structural traversals share: definition-region contexts, the children of a
 *  value as reflection describes them, the frame stack behind access paths, and a depth guard.
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

/*!
 * \brief Where a value sits with respect to definition regions (DESIGN.md). Everything below a
 *  Pattern field is Pattern; a Simple field defines the values it holds directly (or as array
 *  items), while values inside those (a variable's type) are uses.
 */
struct RegionContext {
  DefRegionKind kind = DefRegionKind::kNone;
  bool direct = false;

  /*! \brief The kind reported for the value at this place. */
  DefRegionKind Reported() const {
    if (kind == DefRegionKind::kPattern) return kind;
    return kind == DefRegionKind::kSimple && direct ? kind : DefRegionKind::kNone;
  }
  /*! \brief The context of a field of the value at this place, declared with `field_kind`. */
  RegionContext Field(DefRegionKind field_kind) const {
    if (kind == DefRegionKind::kPattern || field_kind == DefRegionKind::kPattern) {
      return {DefRegionKind::kPattern, false};
    }
    if (field_kind == DefRegionKind::kSimple) return {DefRegionKind::kSimple, true};
    return {};
  }
};

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
  RegionContext ctx;
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
bool ForEachChild(const Any& value, RegionContext ctx, FieldCache* cache, Visit&& visit) {
  if (!MayHaveChildren(value)) return false;
  const Object* obj = value.pod().v_obj;
  const int32_t type_index = obj->type_index();
  if (type_index == TypeIndex::kArray || type_index == TypeIndex::kList) {
    const std::vector<Any>& items = type_index == TypeIndex::kArray
                                        ? static_cast<const ArrayObj*>(obj)->data
                                        : static_cast<const ListObj*>(obj)->data;
    for (size_t i = 0; i < items.size(); ++i) {
      ChildStep step{AccessKind::kArrayItem, nullptr, static_cast<int64_t>(i), Any()};
      if (visit(items[i], ctx, step)) return true;
    }
    return false;
  }
  if (type_index == TypeIndex::kMap || type_index == TypeIndex::kDict) {
    const auto& data = type_index == TypeIndex::kMap ? static_cast<const MapObj*>(obj)->data
                                                     : static_cast<const DictObj*>(obj)->data;
    for (const auto& [key, item] : data.items()) {
      ChildStep step{AccessKind::kMapItem, nullptr, 0, key};
      if (visit(key, ctx, step) || visit(item, ctx, step)) return true;
    }
    return false;
  }
  RegionContext inside = ctx.Field(DefRegionKind::kNone);
  for (const FieldInfo* field : cache->Fields(type_index)) {
    Any child = GetFieldValue(obj, *field);
    ChildStep step{AccessKind::kAttr, field, 0, Any()};
    if (visit(child, inside.Field(field->def_region), step)) return true;
  }
  return false;
}

}  // namespace details
}  // namespace reflection
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_SRC_STRUCTURAL_TRAVERSAL_INTERNAL_H_
