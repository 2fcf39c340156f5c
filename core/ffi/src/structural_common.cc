/*!
 * \file structural_common.cc
 * \brief The per-call type table and the leaf values of structural equality and hashing.
 */
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ffi/reflection/structural_hash.h>
#include <tvm/ffi/shape.h>
#include <tvm/ffi/string.h>
#include <tvm/ffi/tensor.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>

#include "structural_internal.h"

namespace tvm {
namespace ffi {
namespace reflection {
namespace structural {
namespace {

/*! \brief Whether the type or one of its ancestors was registered as a variable. */
bool IsVarType(int32_t type_index) {
  for (const TypeInfo* info = GetTypeInfo(type_index); info != nullptr;
       info = info->parent_index < 0 ? nullptr : GetTypeInfo(info->parent_index)) {
    if (info->structural_kind == StructuralKind::kVar) return true;
  }
  return false;
}

bool SameDataType(DLDataType a, DLDataType b) {
  return a.code == b.code && a.bits == b.bits && a.lanes == b.lanes;
}

void CheckReadable(const Tensor& t) {
  if (t.device().device_type != kDLCPU) {
    TVM_FFI_THROW(ValueError) << "Structural equality can compare the contents of CPU tensors "
                                 "only, got one on device type "
                              << static_cast<int>(t.device().device_type)
                              << " (pass skip_tensor_content to compare dtype and shape only)";
  }
}

/*! \brief The bytes of a tensor's elements in row-major order: a view of its memory when it is
 *  contiguous, else gathered into scratch. */
std::string_view TensorBytes(const Tensor& t, std::string* scratch) {
  CheckReadable(t);
  const int64_t elem = t.dtype().bytes();
  const int64_t count = t.numel();
  const char* base = static_cast<const char*>(t.data_ptr());
  if (t.IsContiguous()) return std::string_view(base, static_cast<size_t>(count * elem));
  const DLTensor& dl = t->dl;
  scratch->reserve(static_cast<size_t>(count * elem));
  std::vector<int64_t> index(static_cast<size_t>(dl.ndim), 0);
  for (int64_t k = 0; k < count; ++k) {
    int64_t offset = 0;
    for (int32_t d = 0; d < dl.ndim; ++d) offset += index[d] * dl.strides[d];
    scratch->append(base + offset * elem, static_cast<size_t>(elem));
    for (int32_t d = dl.ndim - 1; d >= 0 && ++index[d] == dl.shape[d]; --d) index[d] = 0;
  }
  return *scratch;
}

bool TensorEqual(const Tensor& a, const Tensor& b, bool skip_content) {
  const DLTensor& x = a->dl;
  const DLTensor& y = b->dl;
  if (!SameDataType(x.dtype, y.dtype) || x.ndim != y.ndim) return false;
  for (int32_t i = 0; i < x.ndim; ++i) {
    if (x.shape[i] != y.shape[i]) return false;
  }
  if (skip_content) return true;
  std::string scratch_a;
  std::string scratch_b;
  return TensorBytes(a, &scratch_a) == TensorBytes(b, &scratch_b);
}

uint64_t TensorHash(const Tensor& t, bool skip_content) {
  const DLTensor& dl = t->dl;
  uint64_t h = HashStep(dl.dtype.code, (uint64_t{dl.dtype.bits} << 16) | dl.dtype.lanes);
  h = HashStep(h, static_cast<uint64_t>(dl.ndim));
  for (int32_t i = 0; i < dl.ndim; ++i) h = HashStep(h, static_cast<uint64_t>(dl.shape[i]));
  if (skip_content) return h;
  std::string scratch;
  return HashStep(h, std::hash<std::string_view>()(TensorBytes(t, &scratch)));
}

Tensor AsTensor(const AnyPOD& value) { return AnyView::FromPOD(value).cast<Tensor>(); }

const std::string& BytesOf(const AnyPOD& value) {
  return value.type_index == TypeIndex::kStr ? static_cast<const StringObj*>(value.v_obj)->data
                                             : static_cast<const BytesObj*>(value.v_obj)->data;
}

}  // namespace

const TypeEntry& TypeTable::Build(int32_t type_index) {
  size_t slot = static_cast<size_t>(type_index);
  if (slot >= entries_.size()) entries_.resize(slot + 1);
  auto entry = std::make_unique<TypeEntry>();
  entry->is_var = IsVarType(type_index);
  for (const FieldInfo* field : AllFields(type_index)) {
    if (!field->structural_ignore) entry->fields.push_back(field);
  }
  // What a definition field binds is in scope for the node's other fields, wherever the type
  // declared them: every structural utility meets definitions first.
  std::stable_partition(entry->fields.begin(), entry->fields.end(),
                        [](const FieldInfo* f) { return f->def_region != DefRegionKind::kNone; });
  entries_[slot] = std::move(entry);
  return *entries_[slot];
}

bool InlineEqual(const AnyPOD& a, const AnyPOD& b) {
  switch (a.type_index) {
    case TypeIndex::kNone:
      return true;
    case TypeIndex::kFloat:
      return a.v_float64 == b.v_float64 || (std::isnan(a.v_float64) && std::isnan(b.v_float64));
    case TypeIndex::kDataType:
      return SameDataType(a.v_dtype, b.v_dtype);
    case TypeIndex::kDevice:
      return a.v_device.device_type == b.v_device.device_type &&
             a.v_device.device_id == b.v_device.device_id;
    default:
      return a.v_int64 == b.v_int64;
  }
}

uint64_t InlineHash(const AnyPOD& value) {
  switch (value.type_index) {
    case TypeIndex::kNone:
      return 0;
    case TypeIndex::kFloat: {
      if (std::isnan(value.v_float64)) return 0x7ff8000000000000ULL;
      if (value.v_float64 == 0.0) return 0;  // -0.0 == 0.0
      uint64_t bits;
      std::memcpy(&bits, &value.v_float64, sizeof(bits));
      return bits;
    }
    case TypeIndex::kDataType:
      return (uint64_t{value.v_dtype.code} << 32) | (uint64_t{value.v_dtype.bits} << 16) |
             value.v_dtype.lanes;
    case TypeIndex::kDevice:
      return (static_cast<uint64_t>(value.v_device.device_type) << 32) |
             static_cast<uint32_t>(value.v_device.device_id);
    default:
      return static_cast<uint64_t>(value.v_int64);
  }
}

bool LeafObjectEqual(const AnyPOD& a, const AnyPOD& b, bool skip_tensor_content) {
  if (a.v_obj == b.v_obj) return true;
  switch (a.type_index) {
    case TypeIndex::kStr:
    case TypeIndex::kBytes:
      return BytesOf(a) == BytesOf(b);
    case TypeIndex::kShape:
      return static_cast<const ShapeObj*>(a.v_obj)->data ==
             static_cast<const ShapeObj*>(b.v_obj)->data;
    case TypeIndex::kTensor:
      return TensorEqual(AsTensor(a), AsTensor(b), skip_tensor_content);
    default:
      return false;  // functions, modules, errors: identity, checked above
  }
}

uint64_t LeafObjectHash(const AnyPOD& value, bool skip_tensor_content) {
  switch (value.type_index) {
    case TypeIndex::kStr:
    case TypeIndex::kBytes:
      return std::hash<std::string_view>()(BytesOf(value));
    case TypeIndex::kShape: {
      const std::vector<int64_t>& dims = static_cast<const ShapeObj*>(value.v_obj)->data;
      uint64_t h = dims.size();
      for (int64_t dim : dims) {
        h = HashStep(h, static_cast<uint64_t>(dim));
      }
      return h;
    }
    case TypeIndex::kTensor:
      return TensorHash(AsTensor(value), skip_tensor_content);
    default:
      return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(value.v_obj));
  }
}

uint64_t MapKeyHash(const Any& key, bool skip_tensor_content) {
  if (!IsContentKey(key)) return AnyHash()(key);
  StructuralEqualOptions options;
  options.skip_tensor_content = skip_tensor_content;
  return StructuralHash(key, options);
}

const Any* FindMapKey(const ffi::details::OrderedAnyMap& map, const Any& key,
                      bool skip_tensor_content) {
  if (const Any* found = map.Find(key)) return found;
  if (!IsContentKey(key)) return nullptr;
  StructuralEqualOptions options;
  options.skip_tensor_content = skip_tensor_content;
  for (const auto& item : map.items()) {
    if (item.first.type_index() == key.type_index() && StructuralEqual(key, item.first, options)) {
      return &item.second;
    }
  }
  return nullptr;
}

}  // namespace structural
}  // namespace reflection
}  // namespace ffi
}  // namespace tvm
