/*!
 * \file reflection.cc
 * \brief Field access through the reflection tables, and keyword construction.
 */
#include <tvm/ffi/reflection/registry.h>

#include <set>

namespace tvm {
namespace ffi {
namespace reflection {

const char* DefRegionKindName(DefRegionKind kind) {
  switch (kind) {
    case DefRegionKind::kSimple:
      return "Simple";
    case DefRegionKind::kPattern:
      return "Pattern";
    default:
      return "None";
  }
}

Any GetFieldValue(const Object* obj, const FieldInfo& field) {
  Any out;
  field.getter(reinterpret_cast<const char*>(obj) + field.offset, &out);
  return out;
}

void SetFieldValue(Object* obj, const FieldInfo& field, const AnyView& value) {
  field.setter(reinterpret_cast<char*>(obj) + field.offset, value, field);
}

ObjectRef CreateFromFields(int32_t type_index,
                           const std::vector<std::pair<std::string, AnyView>>& fields) {
  const TypeInfo* info = GetTypeInfo(type_index);
  TVM_FFI_ICHECK(info != nullptr) << "type index " << type_index << " is not registered";
  if (info->creator == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << info->type_key
                             << "` cannot be built from keyword arguments: it has no default "
                                "constructor";
  }
  ObjectRef result = info->creator();
  Object* obj = ffi::details::ObjectUnsafe::RawPtr(result);
  std::vector<const FieldInfo*> all = AllFields(type_index);
  std::set<std::string> given;
  for (const auto& [name, value] : fields) {
    const FieldInfo* field = FindField(type_index, name);
    if (field == nullptr) {
      TVM_FFI_THROW(TypeError) << info->type_key << "() got an unexpected keyword argument '"
                               << name << "'";
    }
    SetFieldValue(obj, *field, value);
    given.insert(name);
  }
  for (const FieldInfo* field : all) {
    if (given.count(field->name) != 0) continue;
    if (!field->default_value.has_value()) {
      TVM_FFI_THROW(TypeError) << info->type_key << "() missing required field '" << field->name
                               << "'";
    }
    SetFieldValue(obj, *field, AnyView(*field->default_value));
  }
  return result;
}

namespace details {

void ThrowFieldTypeError(const FieldInfo& field, const AnyView& value) {
  TVM_FFI_THROW(TypeError) << "Field `" << ffi::details::TypeIndexToKey(field.declaring_type_index)
                           << "." << field.name << "` expects `" << field.type_str << "` but got `"
                           << value.GetTypeKey() << "`";
}

void ThrowSelfTypeError(const std::string& method, const char* type_key, const ObjectRef& self) {
  TVM_FFI_THROW(TypeError) << "Method `" << method << "` needs a `" << type_key
                           << "` as self but got `"
                           << (self.get() == nullptr ? std::string("None") : self->GetTypeKey())
                           << "`";
}

}  // namespace details
}  // namespace reflection
}  // namespace ffi
}  // namespace tvm
