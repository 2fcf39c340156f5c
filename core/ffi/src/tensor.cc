/*!
 * \file tensor.cc
 * \brief Tensor allocation and DLPack import/export.
 */
#include <tvm/ffi/error.h>
#include <tvm/ffi/tensor.h>

#include <cstdlib>
#include <limits>

namespace tvm {
namespace ffi {
namespace {

constexpr size_t kAlignment = 64;

/*! \brief What an exported DLManagedTensor owns: a reference to the source tensor. */
struct ExportContext {
  ObjectPtr<Object> source;
  DLManagedTensor managed;
};

void DeleteExport(DLManagedTensor* managed) {
  delete static_cast<ExportContext*>(managed->manager_ctx);
}

}  // namespace

TensorObj::~TensorObj() {
  if (imported_ != nullptr && imported_->deleter != nullptr) imported_->deleter(imported_);
  std::free(owned_data_);
}

Tensor Tensor::Empty(const std::vector<int64_t>& shape, DataType dtype, DLDevice device) {
  if (device.device_type != kDLCPU) {
    TVM_FFI_THROW(NotImplementedError)
        << "Tensor::Empty can only allocate on cpu, not " << DeviceToString(device);
  }
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (dim < 0) TVM_FFI_THROW(ValueError) << "Tensor shape has a negative extent " << dim;
    if (dim != 0 && count > std::numeric_limits<int64_t>::max() / dim) {
      TVM_FFI_THROW(ValueError) << "Tensor shape is too large";
    }
    count *= dim;
  }
  size_t element_bytes = static_cast<size_t>(dtype.bytes());
  // The byte size, and its rounding up to the alignment, must not wrap around.
  if (element_bytes != 0 && static_cast<size_t>(count) >
                                (std::numeric_limits<size_t>::max() - kAlignment) / element_bytes) {
    TVM_FFI_THROW(ValueError) << "Tensor shape is too large";
  }
  size_t bytes = static_cast<size_t>(count) * element_bytes;
  size_t rounded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  ObjectPtr<TensorObj> obj = make_object<TensorObj>();
  obj->owned_data_ = std::aligned_alloc(kAlignment, rounded == 0 ? kAlignment : rounded);
  if (obj->owned_data_ == nullptr) TVM_FFI_THROW(MemoryError) << "cannot allocate " << bytes;
  obj->shape_ = shape;
  obj->dl.data = obj->owned_data_;
  obj->dl.device = device;
  obj->dl.ndim = static_cast<int32_t>(shape.size());
  obj->dl.dtype = dtype;
  obj->dl.shape = obj->shape_.data();
  obj->dl.strides = nullptr;
  obj->dl.byte_offset = 0;
  return Tensor(std::move(obj));
}

Tensor Tensor::FromDLPack(DLManagedTensor* managed) {
  if (managed == nullptr) TVM_FFI_THROW(ValueError) << "FromDLPack got a null tensor";
  ObjectPtr<TensorObj> obj = make_object<TensorObj>();
  obj->imported_ = managed;
  obj->dl = managed->dl_tensor;
  return Tensor(std::move(obj));
}

DLManagedTensor* Tensor::ToDLPack() const {
  auto* context = new ExportContext();
  context->source = details::ObjectUnsafe::PtrFromRaw<Object>(details::ObjectUnsafe::RawPtr(*this));
  context->managed.dl_tensor = get()->dl;
  context->managed.manager_ctx = context;
  context->managed.deleter = DeleteExport;
  return &context->managed;
}

std::vector<int64_t> Tensor::shape() const {
  const DLTensor& dl = get()->dl;
  return std::vector<int64_t>(dl.shape, dl.shape + dl.ndim);
}

std::vector<int64_t> Tensor::strides() const {
  const DLTensor& dl = get()->dl;
  if (dl.strides != nullptr) return std::vector<int64_t>(dl.strides, dl.strides + dl.ndim);
  std::vector<int64_t> strides(static_cast<size_t>(dl.ndim));
  int64_t stride = 1;
  for (int32_t i = dl.ndim - 1; i >= 0; --i) {
    strides[static_cast<size_t>(i)] = stride;
    stride *= dl.shape[i];
  }
  return strides;
}

int64_t Tensor::numel() const {
  int64_t count = 1;
  for (int64_t dim : shape()) count *= dim;
  return count;
}

bool Tensor::IsContiguous() const {
  const DLTensor& dl = get()->dl;
  if (dl.strides == nullptr) return true;
  int64_t expected = 1;
  for (int32_t i = dl.ndim - 1; i >= 0; --i) {
    if (dl.shape[i] != 1 && dl.strides[i] != expected) return false;
    expected *= dl.shape[i];
  }
  return true;
}

}  // namespace ffi
}  // namespace tvm
