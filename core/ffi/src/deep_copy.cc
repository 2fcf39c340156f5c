/*!
 * \file deep_copy.cc
 * \brief Reflection-only deep copy.
 */
#include <tvm/ffi/array.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/reflection/object_utils.h>
#include <tvm/ffi/reflection/registry.h>

#include <unordered_map>

namespace tvm {
namespace ffi {
namespace reflection {
namespace {

class DeepCopier {
 public:
  Any Copy(const Any& value) {
    if (!value.is_object()) return value;
    const Object* obj = value.pod().v_obj;
    auto it = memo_.find(obj);
    if (it != memo_.end()) return it->second;
    Any result = CopyObject(value, obj);
    memo_.emplace(obj, result);
    return result;
  }

 private:
  Any CopyObject(const Any& value, const Object* obj) {
    switch (obj->type_index()) {
      case TypeIndex::kArray:
        return Array<Any>(CopySeq(static_cast<const ArrayObj*>(obj)->data));
      case TypeIndex::kList: {
        // Mutable containers can hold themselves: remember the copy before filling it.
        List<Any> copy;
        memo_.emplace(obj, copy);
        for (const Any& item : static_cast<const ListObj*>(obj)->data) copy.push_back(Copy(item));
        return copy;
      }
      case TypeIndex::kMap: {
        Map<Any, Any> copy;
        for (const auto& [k, v] : static_cast<const MapObj*>(obj)->data.items()) {
          copy.Set(k, Copy(v));
        }
        return copy;
      }
      case TypeIndex::kDict: {
        Dict<Any, Any> copy;
        memo_.emplace(obj, copy);
        for (const auto& [k, v] : static_cast<const DictObj*>(obj)->data.items()) {
          copy.Set(k, Copy(v));
        }
        return copy;
      }
      case TypeIndex::kStr:
      case TypeIndex::kBytes:
      case TypeIndex::kShape:
      case TypeIndex::kFunction:
      case TypeIndex::kTensor:
      case TypeIndex::kModule:
      case TypeIndex::kError:
        return value;
      default:
        return CopyFields(obj);
    }
  }

  std::vector<Any> CopySeq(const std::vector<Any>& items) {
    std::vector<Any> copy;
    copy.reserve(items.size());
    for (const Any& item : items) copy.push_back(Copy(item));
    return copy;
  }

  Any CopyFields(const Object* obj) {
    const TypeInfo* info = GetTypeInfo(obj->type_index());
    if (info == nullptr || info->cloner == nullptr) {
      TVM_FFI_THROW(TypeError) << "Cannot deep copy `" << obj->GetTypeKey()
                               << "`: the type registered no copy constructor";
    }
    ObjectRef copy = info->cloner(obj);
    Object* target = ffi::details::ObjectUnsafe::RawPtr(copy);
    for (const FieldInfo* field : AllFields(obj->type_index())) {
      Any field_value = GetFieldValue(obj, *field);
      if (field_value.is_object()) SetFieldValue(target, *field, AnyView(Copy(field_value)));
    }
    return copy;
  }

  std::unordered_map<const Object*, Any> memo_;
};

}  // namespace

Any DeepCopy(const Any& value) { return DeepCopier().Copy(value); }

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm
