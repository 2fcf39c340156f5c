/*!
 * \file fieldwise_equal.cc
 * \brief Reflection-only equality by content.
 */
#include <tvm/ffi/array.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/reflection/object_utils.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/shape.h>
#include <tvm/ffi/string.h>

#include <utility>
#include <vector>

namespace tvm {
namespace ffi {
namespace reflection {
namespace {

/*!
 * \brief The pairs of mutable containers (List, Dict) being compared on this thread. Only they
 *  can form cycles; a pair met again inside its own comparison is taken as equal.
 */
class CycleGuard {
 public:
  CycleGuard(const Object* a, const Object* b) : pair_(a, b) { Active().push_back(pair_); }
  ~CycleGuard() { Active().pop_back(); }
  CycleGuard(const CycleGuard&) = delete;
  CycleGuard& operator=(const CycleGuard&) = delete;
  static bool InProgress(const Object* a, const Object* b) {
    for (const auto& pair : Active()) {
      if (pair.first == a && pair.second == b) return true;
    }
    return false;
  }

 private:
  static std::vector<std::pair<const Object*, const Object*>>& Active() {
    thread_local std::vector<std::pair<const Object*, const Object*>> active;
    return active;
  }
  std::pair<const Object*, const Object*> pair_;
};

bool SeqEqual(const std::vector<Any>& a, const std::vector<Any>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!FieldwiseEqual(a[i], b[i])) return false;
  }
  return true;
}

bool MapEqual(const ffi::details::OrderedAnyMap& a, const ffi::details::OrderedAnyMap& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [key, value] : a.items()) {
    const Any* other = b.Find(key);
    if (other == nullptr || !FieldwiseEqual(value, *other)) return false;
  }
  return true;
}

bool FieldsEqual(const Object* a, const Object* b) {
  for (const FieldInfo* field : AllFields(a->type_index())) {
    if (!FieldwiseEqual(GetFieldValue(a, *field), GetFieldValue(b, *field))) return false;
  }
  return true;
}

}  // namespace

bool FieldwiseEqual(const Any& lhs, const Any& rhs) {
  const AnyPOD& a = lhs.pod();
  const AnyPOD& b = rhs.pod();
  if (a.type_index != b.type_index) return false;
  if (!lhs.is_object()) return AnyEqual()(lhs, rhs);
  if (a.v_obj == b.v_obj) return true;
  switch (a.type_index) {
    case TypeIndex::kStr:
    case TypeIndex::kBytes:
      return AnyEqual()(lhs, rhs);
    case TypeIndex::kShape:
      return static_cast<const ShapeObj*>(a.v_obj)->data ==
             static_cast<const ShapeObj*>(b.v_obj)->data;
    case TypeIndex::kArray:
      return SeqEqual(static_cast<const ArrayObj*>(a.v_obj)->data,
                      static_cast<const ArrayObj*>(b.v_obj)->data);
    case TypeIndex::kList: {
      if (CycleGuard::InProgress(a.v_obj, b.v_obj)) return true;
      CycleGuard guard(a.v_obj, b.v_obj);
      return SeqEqual(static_cast<const ListObj*>(a.v_obj)->data,
                      static_cast<const ListObj*>(b.v_obj)->data);
    }
    case TypeIndex::kMap:
      return MapEqual(static_cast<const MapObj*>(a.v_obj)->data,
                      static_cast<const MapObj*>(b.v_obj)->data);
    case TypeIndex::kDict: {
      if (CycleGuard::InProgress(a.v_obj, b.v_obj)) return true;
      CycleGuard guard(a.v_obj, b.v_obj);
      return MapEqual(static_cast<const DictObj*>(a.v_obj)->data,
                      static_cast<const DictObj*>(b.v_obj)->data);
    }
    case TypeIndex::kFunction:
    case TypeIndex::kTensor:
    case TypeIndex::kModule:
    case TypeIndex::kError:
      return false;  // identity was checked above
    default:
      return FieldsEqual(a.v_obj, b.v_obj);
  }
}

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm
