/*!
 * \file type_registry.cc
 * \brief The process-wide type registry: key <-> index, parents, depths, ancestors (for the
 *  O(1) IsInstance check) and the reflection tables.
 */
#include <tvm/ffi/any.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/reflection/registry.h>

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace tvm {
namespace ffi {
namespace {

/*! \brief Index slots are preallocated so lookups never see a vector move under them. */
constexpr int32_t kMaxTypes = 1 << 14;

struct TypeEntry {
  reflection::TypeInfo info;
  /*! \brief ancestors[d] is the index of the ancestor at depth d (the entry itself last). */
  std::vector<int32_t> ancestors;
};

class TypeRegistry {
 public:
  static TypeRegistry* Global() {
    static TypeRegistry* registry = new TypeRegistry();  // never destroyed: used at exit
    return registry;
  }

  int32_t Register(std::string_view key, int32_t parent, bool final, int32_t fixed_index) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = key_to_index_.find(std::string(key));
    if (it != key_to_index_.end()) {
      const TypeEntry& existing = *entries_[it->second];
      if (existing.info.parent_index != parent) {
        TVM_FFI_THROW(RuntimeError)
            << "Type `" << key << "` is already registered with parent `"
            << KeyOf(existing.info.parent_index) << "`, not `" << KeyOf(parent) << "`";
      }
      return it->second;
    }
    if (parent >= 0) {
      const TypeEntry* parent_entry = Find(parent);
      TVM_FFI_ICHECK(parent_entry != nullptr) << "unknown parent index " << parent;
      if (parent_entry->info.final) {
        TVM_FFI_THROW(RuntimeError) << "Type `" << key << "` cannot derive from final type `"
                                    << parent_entry->info.type_key << "`";
      }
    }
    int32_t index = fixed_index >= 0 ? fixed_index : next_dynamic_++;
    TVM_FFI_ICHECK(index < kMaxTypes) << "too many types";
    auto entry = std::make_unique<TypeEntry>();
    entry->info.type_index = index;
    entry->info.type_key = std::string(key);
    entry->info.parent_index = parent;
    entry->info.final = final;
    if (parent >= 0) {
      entry->ancestors = entries_[parent]->ancestors;
    }
    entry->ancestors.push_back(index);
    entry->info.type_depth = static_cast<int32_t>(entry->ancestors.size()) - 1;
    key_to_index_.emplace(entry->info.type_key, index);
    entries_[index] = std::move(entry);
    return index;
  }

  const TypeEntry* Find(int32_t index) const {
    if (index < 0 || index >= kMaxTypes) return nullptr;
    return entries_[index].get();
  }
  TypeEntry* FindMutable(int32_t index) {
    if (index < 0 || index >= kMaxTypes) return nullptr;
    return entries_[index].get();
  }
  const TypeEntry* Find(std::string_view key) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = key_to_index_.find(std::string(key));
    return it == key_to_index_.end() ? nullptr : entries_[it->second].get();
  }
  std::string KeyOf(int32_t index) const {
    const TypeEntry* entry = Find(index);
    return entry != nullptr ? entry->info.type_key : "<none>";
  }

 private:
  TypeRegistry() : entries_(kMaxTypes) {
    Register(Object::_type_key, -1, false, TypeIndex::kObject);
    const std::pair<const char*, int32_t> builtins[] = {
        {"ffi.Error", TypeIndex::kError},   {"ffi.Function", TypeIndex::kFunction},
        {"ffi.Shape", TypeIndex::kShape},   {"ffi.Tensor", TypeIndex::kTensor},
        {"ffi.String", TypeIndex::kStr},    {"ffi.Bytes", TypeIndex::kBytes},
        {"ffi.Array", TypeIndex::kArray},   {"ffi.List", TypeIndex::kList},
        {"ffi.Map", TypeIndex::kMap},       {"ffi.Dict", TypeIndex::kDict},
        {"ffi.Module", TypeIndex::kModule},
    };
    for (const auto& [key, index] : builtins) {
      bool extensible = index == TypeIndex::kFunction || index == TypeIndex::kModule;
      Register(key, TypeIndex::kObject, !extensible, index);
    }
  }

  std::mutex mutex_;
  std::vector<std::unique_ptr<TypeEntry>> entries_;
  std::unordered_map<std::string, int32_t> key_to_index_;
  int32_t next_dynamic_ = TypeIndex::kDynamicObjectBegin;
};

}  // namespace

namespace details {

std::atomic<int64_t>& LiveObjectCounter() {
  static std::atomic<int64_t> counter{0};
  return counter;
}

int32_t RegisterObjectType(std::string_view type_key, int32_t parent_index, bool final) {
  return TypeRegistry::Global()->Register(type_key, parent_index, final, -1);
}

bool IsDerivedFrom(int32_t child, int32_t parent) {
  TypeRegistry* registry = TypeRegistry::Global();
  const TypeEntry* child_entry = registry->Find(child);
  const TypeEntry* parent_entry = registry->Find(parent);
  if (child_entry == nullptr || parent_entry == nullptr) return false;
  size_t depth = static_cast<size_t>(parent_entry->info.type_depth);
  return depth < child_entry->ancestors.size() && child_entry->ancestors[depth] == parent;
}

const std::string& TypeIndexToKey(int32_t type_index) {
  const TypeEntry* entry = TypeRegistry::Global()->Find(type_index);
  if (entry != nullptr) return entry->info.type_key;
  thread_local std::string unknown;
  unknown = "<unknown type " + std::to_string(type_index) + ">";
  return unknown;
}

}  // namespace details

namespace reflection {

const TypeInfo* GetTypeInfo(int32_t type_index) {
  const TypeEntry* entry = TypeRegistry::Global()->Find(type_index);
  return entry != nullptr ? &entry->info : nullptr;
}

const TypeInfo* GetTypeInfo(std::string_view type_key) {
  const TypeEntry* entry = TypeRegistry::Global()->Find(type_key);
  return entry != nullptr ? &entry->info : nullptr;
}

std::vector<const FieldInfo*> AllFields(int32_t type_index) {
  std::vector<const FieldInfo*> fields;
  const TypeEntry* entry = TypeRegistry::Global()->Find(type_index);
  if (entry == nullptr) return fields;
  for (int32_t ancestor : entry->ancestors) {
    for (const FieldInfo& field : TypeRegistry::Global()->Find(ancestor)->info.fields) {
      fields.push_back(&field);
    }
  }
  return fields;
}

const FieldInfo* FindField(int32_t type_index, std::string_view name) {
  for (const FieldInfo* field : AllFields(type_index)) {
    if (field->name == name) return field;
  }
  return nullptr;
}

const MethodInfo* FindMethod(int32_t type_index, std::string_view name) {
  for (const TypeInfo* info = GetTypeInfo(type_index); info != nullptr;
       info = GetTypeInfo(info->parent_index)) {
    for (const MethodInfo& method : info->methods) {
      if (method.name == name) return &method;
    }
  }
  return nullptr;
}

namespace details {

TypeInfo* MutableTypeInfo(int32_t type_index) {
  TypeEntry* entry = TypeRegistry::Global()->FindMutable(type_index);
  TVM_FFI_ICHECK(entry != nullptr) << "type index " << type_index << " is not registered";
  return &entry->info;
}

void AddMethodTo(int32_t type_index, MethodInfo method) {
  TypeInfo* info = MutableTypeInfo(type_index);
  for (MethodInfo& existing : info->methods) {
    if (existing.name == method.name) {
      existing = std::move(method);
      return;
    }
  }
  info->methods.push_back(std::move(method));
}

}  // namespace details
}  // namespace reflection
}  // namespace ffi
}  // namespace tvm
