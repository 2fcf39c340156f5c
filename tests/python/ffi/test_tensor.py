"""Tensor: zero-copy DLPack exchange with NumPy, metadata, tvm_ffi.empty."""

import ctypes

import numpy as np
import pytest

import tvm_ffi

echo = tvm_ffi.get_global_func("testing.echo")
apply = tvm_ffi.get_global_func("testing.apply")


def test_from_dlpack_is_zero_copy():
    array = np.arange(6, dtype=np.float32).reshape(2, 3)
    tensor = tvm_ffi.from_dlpack(array)
    assert tensor.data_ptr == array.ctypes.data
    # A change made through NumPy is seen through the tensor, and the other way round.
    array[1, 2] = 42.0
    view = np.from_dlpack(tensor)
    assert view[1, 2] == 42.0
    assert view.ctypes.data == array.ctypes.data


def test_tensor_keeps_the_memory_alive():
    tensor = tvm_ffi.from_dlpack(np.arange(1000, dtype=np.int64))
    # The NumPy array is gone; the tensor still owns the buffer through the DLPack deleter.
    assert np.from_dlpack(tensor)[999] == 999


@pytest.mark.parametrize(
    "dtype, text",
    [
        (np.float32, "float32"),
        (np.float64, "float64"),
        (np.float16, "float16"),
        (np.int64, "int64"),
        (np.int8, "int8"),
        (np.uint16, "uint16"),
    ],
)
def test_round_trip_2d(dtype, text):
    array = (np.arange(12).reshape(3, 4) % 7).astype(dtype)
    tensor = tvm_ffi.from_dlpack(array)
    assert tensor.dtype == text
    assert type(tensor.dtype) is tvm_ffi.dtype
    back = np.from_dlpack(tensor)
    assert back.dtype == array.dtype
    assert back.shape == (3, 4)
    assert np.array_equal(back, array)


def test_bool_tensor():
    # NumPy 1.24 exchanges bool neither way through DLPack (its own limitation: "DLPack only
    # supports signed/unsigned integers, float and complex dtypes"); a bool tensor still exists
    # on our side.
    with pytest.raises(BufferError):
        tvm_ffi.from_dlpack(np.zeros(2, dtype=np.bool_))
    tensor = tvm_ffi.empty((3,), "bool")
    assert tensor.dtype == "bool"
    assert tensor.shape == (3,)


def test_metadata():
    array = np.zeros((2, 3, 4), dtype=np.int32)
    tensor = tvm_ffi.from_dlpack(array)
    assert tensor.shape == (2, 3, 4)
    assert tensor.dtype == "int32"
    assert tensor.device == tvm_ffi.device("cpu", 0)
    assert tensor.device.type == "cpu"
    assert tensor.strides == (12, 4, 1)
    assert tensor.__dlpack_device__() == (1, 0)
    assert repr(tensor) == (
        "Tensor(shape=(2, 3, 4), dtype=int32, device=device(type='cpu', index=0))"
    )


def test_non_contiguous_strides():
    array = np.arange(6, dtype=np.float64).reshape(2, 3).T
    tensor = tvm_ffi.from_dlpack(array)
    assert tensor.shape == (3, 2)
    assert tensor.strides == (1, 3)
    assert np.array_equal(np.from_dlpack(tensor), array)


def test_zero_dim_and_empty():
    scalar = tvm_ffi.from_dlpack(np.array(5.0, dtype=np.float32))
    assert scalar.shape == ()
    assert float(np.from_dlpack(scalar)) == 5.0
    empty = tvm_ffi.from_dlpack(np.zeros((0, 3), dtype=np.float32))
    assert empty.shape == (0, 3)
    assert np.from_dlpack(empty).shape == (0, 3)


def test_numpy_arrays_convert_in_calls():
    array = np.arange(4, dtype=np.float32)
    tensor = echo(array)
    assert type(tensor) is tvm_ffi.Tensor
    assert tensor.data_ptr == array.ctypes.data
    # The callback's tuple comes back as an Array.
    assert list(apply(lambda t: t.shape, array)) == [4]


def test_tensor_passes_through_calls_unchanged():
    tensor = tvm_ffi.from_dlpack(np.zeros(3))
    assert echo(tensor).same_as(tensor)
    assert tvm_ffi.from_dlpack(tensor).same_as(tensor)
    assert isinstance(tensor, tvm_ffi.Object)


def test_numpy_method():
    array = np.arange(3, dtype=np.int64)
    assert tvm_ffi.from_dlpack(array).numpy().tolist() == [0, 1, 2]


def test_empty():
    tensor = tvm_ffi.empty((2, 3), "int32")
    assert type(tensor) is tvm_ffi.Tensor
    assert tensor.shape == (2, 3)
    assert tensor.dtype == "int32"
    assert tensor.strides == (3, 1)
    assert tensor.device == tvm_ffi.device("cpu")
    view = np.from_dlpack(tensor)
    assert view.shape == (2, 3)
    assert view.dtype == np.int32
    assert tvm_ffi.empty((4,)).dtype == "float32"
    assert tvm_ffi.empty((), "float64").shape == ()


def test_empty_memory_is_shared_with_numpy():
    tensor = tvm_ffi.empty((4,), "float32")
    # NumPy 1.24 imports DLPack read-only; write through a ctypes view of the same memory.
    buffer = (ctypes.c_float * 4).from_address(tensor.data_ptr)
    buffer[:] = [1.0, 2.0, 3.0, 4.0]
    assert np.from_dlpack(tensor).tolist() == [1.0, 2.0, 3.0, 4.0]


def test_empty_device_argument():
    assert tvm_ffi.empty((1,), "float32", "cpu").device == tvm_ffi.device("cpu")
    assert tvm_ffi.empty((1,), "float32", tvm_ffi.device("cpu", 0)).device.type == "cpu"
    # Only the CPU allocates today; a named device must not silently become the CPU.
    for device in ("cuda", tvm_ffi.device("cuda", 1)):
        with pytest.raises(NotImplementedError, match="^Tensor::Empty can only allocate on cpu"):
            tvm_ffi.empty((1,), "float32", device)


def test_empty_bad_dtype():
    with pytest.raises(ValueError, match='^Cannot parse data type "f32"'):
        tvm_ffi.empty((1,), "f32")


def test_tensor_cannot_be_built_directly():
    with pytest.raises(TypeError) as info:
        tvm_ffi.Tensor()
    assert str(info.value) == (
        "Tensor cannot be built directly: use tvm_ffi.from_dlpack or tvm_ffi.empty"
    )


def test_from_dlpack_of_non_dlpack_value():
    with pytest.raises(AttributeError, match="^'list' object has no attribute '__dlpack__'$"):
        tvm_ffi.from_dlpack([1, 2, 3])


def test_dlpack_export_refuses_copy():
    tensor = tvm_ffi.empty((1,), "float32")
    with pytest.raises(BufferError, match="^tvm_ffi.Tensor exports without copying only$"):
        tensor.__dlpack__(copy=True)
