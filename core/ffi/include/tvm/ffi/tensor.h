/*!
 * \file tvm/ffi/tensor.h
 * \brief Tensor: an n-d array described by a DLTensor, either allocated here or imported from
 *  another framework through DLPack without copying.
 */
#ifndef TVM_FFI_TENSOR_H_
#define TVM_FFI_TENSOR_H_

#include <dlpack/dlpack.h>
#include <tvm/ffi/any.h>
#include <tvm/ffi/dtype.h>
#include <tvm/ffi/shape.h>

#include <vector>

namespace tvm {
namespace ffi {

/*! \brief The data of a Tensor; `dl` points at memory this object keeps alive. */
class TensorObj : public Object {
 public:
  TensorObj() = default;
  TensorObj(const TensorObj&) = delete;
  ~TensorObj();
  DLTensor dl{};
  TVM_FFI_DECLARE_STATIC_OBJECT_INFO("ffi.Tensor", TensorObj, Object, TypeIndex::kTensor, true)

 private:
  std::vector<int64_t> shape_;
  std::vector<int64_t> strides_;
  /*! \brief The producer's tensor, released with its own deleter (imports). */
  DLManagedTensor* imported_ = nullptr;
  /*! \brief Memory allocated by Tensor::Empty. */
  void* owned_data_ = nullptr;
  friend class Tensor;
};

/*! \brief A managed reference to a tensor; null when default-constructed. */
class Tensor : public ObjectRef {
 public:
  Tensor() = default;
  explicit Tensor(ObjectPtr<Object> n) : ObjectRef(std::move(n)) {}

  /*! \brief A new contiguous CPU tensor (contents uninitialised, 64-byte aligned). */
  static Tensor Empty(const std::vector<int64_t>& shape, DataType dtype, DLDevice device);
  /*! \brief Takes ownership of a producer's tensor; its deleter runs when the Tensor dies. */
  static Tensor FromDLPack(DLManagedTensor* managed);
  /*! \brief A DLManagedTensor sharing this tensor's memory; the consumer calls its deleter. */
  DLManagedTensor* ToDLPack() const;

  int32_t ndim() const { return get()->dl.ndim; }
  std::vector<int64_t> shape() const;
  std::vector<int64_t> strides() const;
  DataType dtype() const { return DataType(get()->dl.dtype); }
  DLDevice device() const { return get()->dl.device; }
  void* data_ptr() const { return static_cast<char*>(get()->dl.data) + get()->dl.byte_offset; }
  int64_t numel() const;
  bool IsContiguous() const;

  const TensorObj* get() const { return static_cast<const TensorObj*>(data_.get()); }
  const TensorObj* operator->() const { return get(); }
  using ContainerType = TensorObj;
};

}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_TENSOR_H_
