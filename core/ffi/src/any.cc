/*!
 * \file any.cc
 * \brief The out-of-line parts of Any and of the containers: type names, string ownership,
 *  key hashing and the errors thrown by checked access.
 */
#include <tvm/ffi/any.h>
#include <tvm/ffi/array.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/shape.h>
#include <tvm/ffi/string.h>

#include <cstring>
#include <functional>
#include <sstream>

namespace tvm {
namespace ffi {
namespace details {

std::string TypeIndexToTypeStr(int32_t type_index) {
  switch (type_index) {
    case TypeIndex::kNone:
      return "None";
    case TypeIndex::kInt:
      return "int";
    case TypeIndex::kBool:
      return "bool";
    case TypeIndex::kFloat:
      return "float";
    case TypeIndex::kOpaquePtr:
      return "void*";
    case TypeIndex::kDataType:
      return "DataType";
    case TypeIndex::kDevice:
      return "Device";
    case TypeIndex::kRawStr:
      return "str";  // a borrowed string is still a string to whoever reads the message
    default:
      return TypeIndexToKey(type_index);
  }
}

void RawStrToOwned(AnyPOD* data) { TypeTraits<String>::MoveToAny(String(data->v_c_str), data); }

void ThrowCastError(int32_t from_index, const std::string& to_type) {
  TVM_FFI_THROW(TypeError) << "Cannot convert from type `" << TypeIndexToTypeStr(from_index)
                           << "` to `" << to_type << "`";
}

std::optional<DataType> DataTypeFromStringObject(const AnyPOD* src) {
  std::string_view text = src->type_index == TypeIndex::kRawStr
                              ? std::string_view(src->v_c_str)
                              : std::string_view(static_cast<StringObj*>(src->v_obj)->data);
  try {
    return DataType::Parse(text);
  } catch (const Error&) {
    return std::nullopt;
  }
}

void ThrowIndexError(const char* container, int64_t index, size_t size) {
  TVM_FFI_THROW(IndexError) << container << " index " << index << " out of range for size " << size;
}

void ThrowKeyError(const Any& key) {
  std::ostringstream os;
  if (auto text = key.as<String>()) {
    os << "'" << text->view() << "'";
  } else if (auto value = key.as<int64_t>()) {
    os << *value;
  } else {
    os << "<" << key.GetTypeKey() << ">";
  }
  TVM_FFI_THROW(KeyError) << os.str();
}

bool OrderedAnyMap::Erase(const Any& key) {
  auto it = index_.find(key);
  if (it == index_.end()) return false;
  size_t position = it->second;
  index_.erase(it);
  items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(position));
  for (auto& [k, index] : index_) {
    if (index > position) --index;
  }
  return true;
}

}  // namespace details

Any::Any(const std::string& text) { TypeTraits<String>::MoveToAny(String(text), &data_); }

size_t AnyHash::operator()(const Any& value) const {
  const AnyPOD& pod = value.pod();
  // Strings and bytes hash by content so equal text finds the same entry.
  if (pod.type_index == TypeIndex::kStr) {
    return std::hash<std::string_view>()(static_cast<StringObj*>(pod.v_obj)->data);
  }
  if (pod.type_index == TypeIndex::kBytes) {
    return std::hash<std::string_view>()(static_cast<BytesObj*>(pod.v_obj)->data) ^ 1;
  }
  // 0.0 and -0.0 are equal keys (AnyEqual compares floats by value), so they hash alike.
  if (pod.type_index == TypeIndex::kFloat && pod.v_float64 == 0.0) {
    return static_cast<size_t>(TypeIndex::kFloat) << 1;
  }
  return std::hash<int64_t>()(pod.v_int64) ^ (static_cast<size_t>(pod.type_index) << 1);
}

bool AnyEqual::operator()(const Any& a, const Any& b) const {
  const AnyPOD& x = a.pod();
  const AnyPOD& y = b.pod();
  if (x.type_index != y.type_index) return false;
  if (x.type_index == TypeIndex::kStr) {
    return static_cast<StringObj*>(x.v_obj)->data == static_cast<StringObj*>(y.v_obj)->data;
  }
  if (x.type_index == TypeIndex::kBytes) {
    return static_cast<BytesObj*>(x.v_obj)->data == static_cast<BytesObj*>(y.v_obj)->data;
  }
  if (x.type_index == TypeIndex::kFloat) return x.v_float64 == y.v_float64;
  return x.v_int64 == y.v_int64;
}

int64_t Shape::at(int64_t i) const {
  int64_t n = static_cast<int64_t>(size());
  int64_t k = i < 0 ? i + n : i;
  if (k < 0 || k >= n) details::ThrowIndexError("ffi.Shape", i, size());
  return get()->data[static_cast<size_t>(k)];
}

int64_t Shape::Product() const {
  int64_t product = 1;
  for (int64_t dim : get()->data) product *= dim;
  return product;
}

}  // namespace ffi
}  // namespace tvm
