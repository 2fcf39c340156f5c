"""The argument conversion protocols of the guide's table, one by one."""

import ctypes

import numpy as np
import pytest

import tvm_ffi

echo = tvm_ffi.get_global_func("testing.echo")
apply = tvm_ffi.get_global_func("testing.apply")
add3 = tvm_ffi.get_global_func("testing.add3")
get_current_stream = tvm_ffi.get_global_func("testing.get_current_stream")

kDLCPU = 1
kDLCUDA = 2


# ---- __tvm_ffi_object__ ----------------------------------------------------------------------


class ObjectWrapper:
    def __init__(self, obj):
        self.obj = obj

    def __tvm_ffi_object__(self):
        return self.obj


def test_object_protocol_passes_the_handle():
    pair = tvm_ffi.testing.TestIntPair(1, 2)
    result = echo(ObjectWrapper(pair))
    assert type(result) is tvm_ffi.testing.TestIntPair
    assert result.same_as(pair)


def test_object_protocol_inside_containers():
    pair = tvm_ffi.testing.TestIntPair(1, 2)
    arr = tvm_ffi.convert([ObjectWrapper(pair), {"k": ObjectWrapper(pair)}])
    assert arr[0].same_as(pair)
    assert arr[1]["k"].same_as(pair)


def test_object_protocol_must_return_an_object():
    with pytest.raises(TypeError) as info:
        echo(ObjectWrapper(3))
    assert str(info.value) == (
        "__tvm_ffi_object__ of ObjectWrapper must return a tvm_ffi.Object, got int"
    )


# ---- __tvm_ffi_value__ -----------------------------------------------------------------------


class ValueWrapper:
    def __init__(self, value):
        self.value = value

    def __tvm_ffi_value__(self):
        return self.value


@pytest.mark.parametrize("value", [1, 2.5, "text", None, True])
def test_value_protocol_scalars(value):
    result = echo(ValueWrapper(value))
    assert type(result) is type(value)
    assert result == value


def test_value_protocol_containers_and_objects():
    arr = echo(ValueWrapper([1, "a"]))
    assert type(arr) is tvm_ffi.Array
    assert list(arr) == [1, "a"]
    mapping = echo(ValueWrapper({"k": ValueWrapper(2)}))
    assert type(mapping) is tvm_ffi.Map
    assert mapping["k"] == 2
    pair = tvm_ffi.testing.TestIntPair(1, 2)
    assert echo(ValueWrapper(pair)).same_as(pair)


def test_value_protocol_recursive_chain_converts():
    value = ValueWrapper(ValueWrapper(ValueWrapper([ValueWrapper(1), ValueWrapper("a")])))
    result = echo(value)
    assert list(result) == [1, "a"]
    assert add3(ValueWrapper(ValueWrapper(1)), 2, 3) == 6


def test_value_protocol_same_wrapper_twice_is_not_a_cycle():
    shared = ValueWrapper(5)
    assert list(echo([shared, shared, ValueWrapper([shared])])[:2]) == [5, 5]


def test_value_protocol_cycle_raises_type_error():
    a = ValueWrapper(None)
    b = ValueWrapper(a)
    a.value = b
    with pytest.raises(TypeError) as info:
        echo(a)
    assert str(info.value) == (
        "__tvm_ffi_value__ of ValueWrapper returned a value already seen in its conversion "
        "chain: the conversion is cyclic"
    )


def test_value_protocol_self_cycle_raises_type_error():
    class Itself:
        def __tvm_ffi_value__(self):
            return self

    with pytest.raises(TypeError, match="^__tvm_ffi_value__ of Itself returned a value already"):
        echo(Itself())
    # The failed conversion leaves nothing behind: the next one works.
    assert echo(ValueWrapper(1)) == 1


def test_value_protocol_endless_chain_raises_type_error():
    class Deeper:
        def __init__(self, depth=0):
            self.depth = depth

        def __tvm_ffi_value__(self):
            return Deeper(self.depth + 1)

    with pytest.raises(TypeError) as info:
        echo(Deeper())
    assert str(info.value) == "__tvm_ffi_value__ conversion of Deeper did not end after 64 steps"


def test_value_protocol_through_convert():
    assert list(tvm_ffi.convert(ValueWrapper((1, 2)))) == [1, 2]


# ---- __tvm_ffi_opaque_ptr__ ------------------------------------------------------------------


class Pointer:
    def __init__(self, address):
        self.address = address

    def __tvm_ffi_opaque_ptr__(self):
        return self.address


def test_opaque_ptr_protocol_passes_a_pointer():
    result = echo(Pointer(0xDEADBEEF))
    assert type(result) is ctypes.c_void_p
    assert result.value == 0xDEADBEEF


def test_opaque_ptr_protocol_real_memory():
    buffer = (ctypes.c_uint8 * 32)()
    compile_kernel = tvm_ffi.get_global_func("my_compiler.compile_kernel")
    assert compile_kernel(Pointer(ctypes.addressof(buffer) + 8)) is None
    assert list(buffer[:8]) == [0] * 8
    assert list(buffer[8:24]) == [i * 3 + 1 for i in range(16)]
    assert list(buffer[24:]) == [0] * 8


def test_opaque_ptr_protocol_null_is_none():
    assert echo(Pointer(0)) is None


def test_opaque_ptr_protocol_needs_an_int():
    with pytest.raises(TypeError):
        echo(Pointer("not an address"))


# ---- __tvm_ffi_int__ / __tvm_ffi_float__ -----------------------------------------------------


class IntLike:
    def __tvm_ffi_int__(self):
        return 42


class FloatLike:
    def __tvm_ffi_float__(self):
        return 2.5


def test_int_protocol():
    result = echo(IntLike())
    assert type(result) is int
    assert result == 42
    assert add3(IntLike(), IntLike(), 1) == 85


def test_int_protocol_must_return_int():
    class Bad:
        def __tvm_ffi_int__(self):
            return 1.5

    with pytest.raises(TypeError) as info:
        echo(Bad())
    assert str(info.value) == "__tvm_ffi_int__ of Bad must return an int"


def test_int_protocol_overflow():
    class Huge:
        def __tvm_ffi_int__(self):
            return 2**64

    with pytest.raises(OverflowError, match="^Python int too large to convert to an FFI int64$"):
        echo(Huge())


def test_float_protocol():
    result = echo(FloatLike())
    assert type(result) is float
    assert result == 2.5


# ---- __tvm_ffi_env_stream__ ------------------------------------------------------------------


class DeviceArray:
    """A non-CPU DLPack producer (it says cuda:0) over host memory, with a current stream."""

    def __init__(self, array, device=(kDLCUDA, 0), stream=1234):
        self.array = array
        self.device = device
        self.stream = stream

    def __dlpack__(self, *args, **kwargs):
        return self.array.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self.device

    def __tvm_ffi_env_stream__(self):
        return self.stream


def test_env_stream_is_current_during_the_call():
    array = np.arange(4, dtype=np.float32)
    seen = []

    def callback(tensor):
        # Runs inside testing.apply, i.e. inside the call that carried the DeviceArray.
        seen.append(type(tensor))
        seen.append(np.from_dlpack(tensor).tolist())
        return get_current_stream(kDLCUDA, 0)

    assert get_current_stream(kDLCUDA, 0) == 0
    assert apply(callback, DeviceArray(array)) == 1234
    assert seen == [tvm_ffi.Tensor, [0.0, 1.0, 2.0, 3.0]]
    # The record ends with the call.
    assert get_current_stream(kDLCUDA, 0) == 0


def test_env_stream_is_per_device():
    array = np.zeros(2, dtype=np.int64)
    other_devices = apply(
        lambda t: [get_current_stream(kDLCUDA, 1), get_current_stream(kDLCPU, 0)],
        DeviceArray(array),
    )
    assert list(other_devices) == [0, 0]
    on_cuda3 = DeviceArray(array, (kDLCUDA, 3), 77)
    assert apply(lambda t: get_current_stream(kDLCUDA, 3), on_cuda3) == 77


def test_env_stream_of_cpu_tensor_is_not_recorded():
    array = np.zeros(2, dtype=np.int64)
    assert apply(lambda t: get_current_stream(kDLCPU, 0), DeviceArray(array, (kDLCPU, 0))) == 0


def test_env_stream_of_nested_calls():
    array = np.zeros(2, dtype=np.int64)

    def inner(tensor):
        return get_current_stream(kDLCUDA, 0)

    def outer(tensor):
        nested = apply(inner, DeviceArray(array, stream=99))
        return [nested, get_current_stream(kDLCUDA, 0)]

    assert list(apply(outer, DeviceArray(array, stream=11))) == [99, 11]


def test_env_stream_device_must_be_a_tuple():
    class BadDevice(DeviceArray):
        def __dlpack_device__(self):
            return "cuda"

    with pytest.raises(TypeError) as info:
        echo(BadDevice(np.zeros(1)))
    assert str(info.value) == (
        "__dlpack_device__ of BadDevice must return a (device_type, device_id) tuple"
    )


# ---- __cuda_stream__ -------------------------------------------------------------------------


class CudaStream:
    def __cuda_stream__(self):
        return (0, 5678)


def test_cuda_stream_arrives_as_opaque_pointer():
    def callback(stream):
        return [type(stream).__name__, stream.value, get_current_stream(kDLCUDA, 0)]

    assert list(apply(callback, CudaStream())) == ["c_void_p", 5678, 5678]
    assert get_current_stream(kDLCUDA, 0) == 0
    result = echo(CudaStream())
    assert type(result) is ctypes.c_void_p
    assert result.value == 5678


def test_cuda_stream_must_be_a_pair():
    class Bad:
        def __cuda_stream__(self):
            return 5678

    with pytest.raises(TypeError) as info:
        echo(Bad())
    assert str(info.value) == "__cuda_stream__ must return a (version, handle) tuple"


# ---- NumPy scalars ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "scalar", [np.int8(-3), np.int16(300), np.int32(-70000), np.int64(2**40), np.uint8(200),
               np.uint32(4000000000), np.uint64(7)]
)
def test_numpy_integer_scalars(scalar):
    result = echo(scalar)
    assert type(result) is int
    assert result == int(scalar)


@pytest.mark.parametrize("scalar", [np.float16(0.5), np.float32(1.25), np.float64(-2.75)])
def test_numpy_float_scalars(scalar):
    result = echo(scalar)
    assert type(result) is float
    assert result == float(scalar)


def test_numpy_bool_scalar_is_bool():
    assert echo(np.bool_(True)) is True
    assert echo(np.bool_(False)) is False


def test_numpy_scalars_in_typed_calls():
    assert add3(np.int32(1), np.int64(2), np.uint8(3)) == 6


def test_numpy_uint64_overflow():
    with pytest.raises(OverflowError, match="^Python int too large to convert to an FFI int64$"):
        echo(np.uint64(2**63))


# ---- dispatch on the class -------------------------------------------------------------------


def test_protocol_installed_on_an_instance_is_ignored():
    class Plain:
        pass

    value = Plain()
    value.__tvm_ffi_int__ = lambda: 3
    with pytest.raises(TypeError) as info:
        echo(value)
    assert str(info.value) == "Cannot convert a Python `Plain` to an FFI value"


def test_protocol_is_inherited():
    class Derived(IntLike):
        pass

    assert echo(Derived()) == 42


def test_protocol_lookup_is_cached_per_type():
    lookups = []

    class CountingMeta(type):
        def __getattribute__(cls, name):
            if name.startswith("__tvm_ffi") or name in ("__dlpack__", "__cuda_stream__"):
                lookups.append(name)
            return super().__getattribute__(name)

    class Counted(metaclass=CountingMeta):
        def __tvm_ffi_float__(self):
            return 0.5

    assert echo(Counted()) == 0.5
    # The first conversion looks at the class, in the order of the table, up to the match.
    assert lookups[:4] == [
        "__tvm_ffi_object__",
        "__tvm_ffi_value__",
        "__tvm_ffi_opaque_ptr__",
        "__tvm_ffi_int__",
    ]
    assert "__tvm_ffi_float__" in lookups
    first = len(lookups)
    for _ in range(10):
        assert echo(Counted()) == 0.5
    assert len(lookups) == first
