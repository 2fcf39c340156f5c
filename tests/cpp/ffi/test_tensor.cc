#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::LiveObjects;

namespace tensor_test {

const DLDevice kCPU{kDLCPU, 0};

/*! \brief A producer's tensor: owns its shape, strides and data; counts deleter calls. */
struct Producer {
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
  std::vector<float> data;
  DLManagedTensor managed{};
  int* deleted;
};

void DeleteProducer(DLManagedTensor* managed) {
  Producer* producer = static_cast<Producer*>(managed->manager_ctx);
  ++*producer->deleted;
  delete producer;
}

DLManagedTensor* MakeProducer(std::vector<int64_t> shape, std::vector<int64_t> strides,
                              int* deleted) {
  auto* producer = new Producer{std::move(shape), std::move(strides), {}, {}, deleted};
  int64_t count = 1;
  for (int64_t dim : producer->shape) count *= dim;
  producer->data.assign(static_cast<size_t>(count * 2), 0.0f);
  for (size_t i = 0; i < producer->data.size(); ++i) producer->data[i] = static_cast<float>(i);
  DLTensor& dl = producer->managed.dl_tensor;
  dl.data = producer->data.data();
  dl.device = kCPU;
  dl.ndim = static_cast<int32_t>(producer->shape.size());
  dl.dtype = DataType::Float(32);
  dl.shape = producer->shape.data();
  dl.strides = producer->strides.empty() ? nullptr : producer->strides.data();
  dl.byte_offset = 0;
  producer->managed.manager_ctx = producer;
  producer->managed.deleter = DeleteProducer;
  return &producer->managed;
}

}  // namespace tensor_test

using tensor_test::kCPU;
using tensor_test::MakeProducer;

TEST_SUITE("ffi.Tensor") {
  TEST_CASE("Empty describes a contiguous CPU tensor") {
    Tensor t = Tensor::Empty({2, 3, 4}, DataType::Float(32), kCPU);
    CHECK(t.ndim() == 3);
    CHECK(t.shape() == std::vector<int64_t>{2, 3, 4});
    CHECK(t.strides() == std::vector<int64_t>{12, 4, 1});
    CHECK(t.dtype() == DataType::Float(32));
    CHECK(t.device().device_type == kDLCPU);
    CHECK(t.device().device_id == 0);
    CHECK(t.numel() == 24);
    CHECK(t.IsContiguous());
    CHECK(t->dl.strides == nullptr);
    CHECK(t->dl.byte_offset == 0);
    CHECK(t->type_index() == TypeIndex::kTensor);
  }

  TEST_CASE("Empty memory is 64-byte aligned and writable") {
    for (int64_t n : {1, 3, 17, 64, 1000}) {
      CAPTURE(n);
      Tensor t = Tensor::Empty({n}, DataType::Int(8), kCPU);
      CHECK(reinterpret_cast<uintptr_t>(t.data_ptr()) % 64 == 0);
      auto* bytes = static_cast<int8_t*>(t.data_ptr());
      for (int64_t i = 0; i < n; ++i) bytes[i] = static_cast<int8_t>(i);
      CHECK(bytes[n - 1] == static_cast<int8_t>(n - 1));
    }
    Tensor vec = Tensor::Empty({5}, DataType::Float(32, 4), kCPU);
    auto* floats = static_cast<float*>(vec.data_ptr());
    floats[5 * 4 - 1] = 1.0f;  // the whole vector payload is allocated
    CHECK(floats[19] == 1.0f);
  }

  TEST_CASE("scalar and zero-size tensors") {
    Tensor scalar = Tensor::Empty({}, DataType::Float(64), kCPU);
    CHECK(scalar.ndim() == 0);
    CHECK(scalar.numel() == 1);
    CHECK(scalar.shape().empty());
    CHECK(scalar.strides().empty());
    *static_cast<double*>(scalar.data_ptr()) = 2.5;
    CHECK(*static_cast<double*>(scalar.data_ptr()) == 2.5);

    Tensor empty = Tensor::Empty({0, 3}, DataType::Int(32), kCPU);
    CHECK(empty.numel() == 0);
    CHECK(empty.shape() == std::vector<int64_t>{0, 3});
    CHECK(empty.data_ptr() != nullptr);
  }

  TEST_CASE("a negative extent is a ValueError") {
    CHECK_THROWS_WITH_AS(Tensor::Empty({2, -1}, DataType::Float(32), kCPU),
                         "ValueError: Tensor shape has a negative extent -1", Error);
  }

  TEST_CASE("an overflowing shape is a ValueError") {
    int64_t big = std::numeric_limits<int64_t>::max() / 2;
    CHECK_THROWS_WITH_AS(Tensor::Empty({big, 4}, DataType::Int(8), kCPU),
                         "ValueError: Tensor shape is too large", Error);
  }

  TEST_CASE("a byte size that would wrap around is a ValueError") {
    // 2^61 - 1 elements of 16 bytes: the extents fit in int64, the byte size does not.
    int64_t n = std::numeric_limits<int64_t>::max() / 4;
    CHECK_THROWS_WITH_AS(Tensor::Empty({n}, DataType::Float(32, 4), kCPU),
                         "ValueError: Tensor shape is too large", Error);
    CHECK_THROWS_WITH_AS(Tensor::Empty({n / 2, 2}, DataType::Float(64, 2), kCPU),
                         "ValueError: Tensor shape is too large", Error);
  }

  TEST_CASE("a non-CPU device is NotImplementedError") {
    CHECK_THROWS_WITH_AS(Tensor::Empty({2}, DataType::Float(32), DLDevice{kDLCUDA, 0}),
                         "NotImplementedError: Tensor::Empty can only allocate on cpu, not cuda:0",
                         Error);
    CHECK_THROWS_WITH_AS(Tensor::Empty({2}, DataType::Float(32), DLDevice{kDLMetal, 2}),
                         "NotImplementedError: Tensor::Empty can only allocate on cpu, not metal:2",
                         Error);
  }

  TEST_CASE("ToDLPack then FromDLPack shares memory and keeps the source alive") {
    int64_t baseline = LiveObjects();
    Tensor imported;
    void* data = nullptr;
    {
      Tensor source = Tensor::Empty({2, 2}, DataType::Float(32), kCPU);
      data = source.data_ptr();
      auto* values = static_cast<float*>(data);
      for (int i = 0; i < 4; ++i) values[i] = static_cast<float>(i) + 0.5f;
      DLManagedTensor* managed = source.ToDLPack();
      CHECK(source.use_count() == 2);  // the export holds a reference
      CHECK(managed->dl_tensor.data == data);
      imported = Tensor::FromDLPack(managed);
      CHECK_FALSE(imported.same_as(source));
      CHECK(imported.data_ptr() == data);
      CHECK(LiveObjects() == baseline + 2);
    }
    // The original reference is gone; the import keeps the source tensor alive.
    CHECK(LiveObjects() == baseline + 2);
    CHECK(imported.data_ptr() == data);
    CHECK(imported.shape() == std::vector<int64_t>{2, 2});
    CHECK(imported.dtype() == DataType::Float(32));
    auto* values = static_cast<float*>(imported.data_ptr());
    CHECK(values[3] == 3.5f);
    imported = Tensor();
    CHECK(LiveObjects() == baseline);
  }

  TEST_CASE("the consumer of ToDLPack releases the source with the deleter") {
    Tensor source = Tensor::Empty({3}, DataType::Int(32), kCPU);
    DLManagedTensor* managed = source.ToDLPack();
    CHECK(source.use_count() == 2);
    CHECK(managed->dl_tensor.ndim == 1);
    CHECK(managed->dl_tensor.shape[0] == 3);
    managed->deleter(managed);
    CHECK(source.use_count() == 1);
  }

  TEST_CASE("FromDLPack runs the producer's deleter exactly once") {
    int deleted = 0;
    {
      Tensor t = Tensor::FromDLPack(MakeProducer({2, 3}, {}, &deleted));
      CHECK(t.shape() == std::vector<int64_t>{2, 3});
      CHECK(t.numel() == 6);
      CHECK(t.IsContiguous());
      CHECK(static_cast<float*>(t.data_ptr())[5] == 5.0f);
      Tensor alias = t;
      Any held(t);
      CHECK(deleted == 0);
    }
    CHECK(deleted == 1);
  }

  TEST_CASE("FromDLPack keeps the producer's strides") {
    int deleted = 0;
    {
      // A transposed 2x3 view of a 3x2 buffer.
      Tensor t = Tensor::FromDLPack(MakeProducer({2, 3}, {1, 2}, &deleted));
      CHECK(t.strides() == std::vector<int64_t>{1, 2});
      CHECK_FALSE(t.IsContiguous());
      Tensor c = Tensor::FromDLPack(MakeProducer({2, 3}, {3, 1}, &deleted));
      CHECK(c.IsContiguous());
      // Extents of 1 may have any stride.
      Tensor one = Tensor::FromDLPack(MakeProducer({1, 3}, {99, 1}, &deleted));
      CHECK(one.IsContiguous());
    }
    CHECK(deleted == 3);
  }

  TEST_CASE("data_ptr adds the byte offset") {
    int deleted = 0;
    DLManagedTensor* managed = MakeProducer({2}, {}, &deleted);
    managed->dl_tensor.byte_offset = 4;
    Tensor t = Tensor::FromDLPack(managed);
    CHECK(t.data_ptr() == static_cast<char*>(managed->dl_tensor.data) + 4);
    CHECK(*static_cast<float*>(t.data_ptr()) == 1.0f);
  }

  TEST_CASE("FromDLPack of null is a ValueError") {
    CHECK_THROWS_WITH_AS(Tensor::FromDLPack(nullptr), "ValueError: FromDLPack got a null tensor",
                         Error);
  }

  TEST_CASE("a tensor crosses Any as ffi.Tensor") {
    Tensor t = Tensor::Empty({1}, DataType::Float(32), kCPU);
    Any a(t);
    CHECK(a.type_index() == TypeIndex::kTensor);
    CHECK(a.GetTypeKey() == "ffi.Tensor");
    CHECK(a.cast<Tensor>().same_as(t));
    CHECK_THROWS_WITH_AS(Any(1).cast<Tensor>(),
                         "TypeError: Cannot convert from type `int` to `ffi.Tensor`", Error);
  }
}
