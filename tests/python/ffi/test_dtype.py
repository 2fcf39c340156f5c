"""tvm_ffi.dtype and tvm_ffi.Device."""

import pytest

import tvm_ffi

echo = tvm_ffi.get_global_func("testing.echo")

BAD_DTYPE_HINT = (
    "expected a name such as int32, uint8, float32, bfloat16, float8_e4m3fn, bool or handle, "
    "optionally followed by xLANES"
)


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("int32", "int32"),
        ("uint8", "uint8"),
        ("float16", "float16"),
        ("bfloat16", "bfloat16"),
        ("float8_e4m3fn", "float8_e4m3fn"),
        ("float8_e5m2", "float8_e5m2"),
        ("bool", "bool"),
        ("handle", "handle"),
        ("handle64", "handle"),
        ("float32x4", "float32x4"),
        ("float32x1", "float32"),
        ("int1", "int1"),
        ("void", "void"),
    ],
)
def test_canonical_text(text, canonical):
    value = tvm_ffi.dtype(text)
    assert type(value) is tvm_ffi.dtype
    assert isinstance(value, str)
    assert value == canonical
    assert str(value) == canonical
    assert repr(value) == f"dtype('{canonical}')"


@pytest.mark.parametrize("text", ["flot32", "", "int0", "float32x", "int256", "bool16", "int32x0"])
def test_bad_text(text):
    with pytest.raises(ValueError) as info:
        tvm_ffi.dtype(text)
    assert str(info.value) == f'Cannot parse data type "{text}": {BAD_DTYPE_HINT}'


def test_dtype_of_dtype():
    value = tvm_ffi.dtype("float32x1")
    assert tvm_ffi.dtype(value) == "float32"


def test_dtype_passes_through_calls():
    result = echo(tvm_ffi.dtype("int8"))
    assert type(result) is tvm_ffi.dtype
    assert result == "int8"
    lanes = echo(tvm_ffi.dtype("float16x8"))
    assert lanes == "float16x8"
    # A plain str stays a str.
    assert type(echo("int8")) is str


def test_dtype_in_containers():
    arr = tvm_ffi.convert([tvm_ffi.dtype("bool"), "bool"])
    assert type(arr[0]) is tvm_ffi.dtype
    assert type(arr[1]) is str


def test_dtype_is_hashable_like_its_text():
    assert {tvm_ffi.dtype("int32"): 1}["int32"] == 1


# ---- Device ----------------------------------------------------------------------------------


def test_device_construction():
    cuda1 = tvm_ffi.device("cuda", 1)
    assert type(cuda1) is tvm_ffi.Device
    assert cuda1.device_type == 2
    assert cuda1.index == 1
    assert cuda1.type == "cuda"
    assert cuda1 == tvm_ffi.device("cuda:1")
    assert cuda1 == tvm_ffi.Device(2, 1)
    assert cuda1 != tvm_ffi.device("cuda", 0)
    assert cuda1 != (2, 1)
    assert hash(cuda1) == hash(tvm_ffi.device("cuda:1"))
    assert repr(cuda1) == "device(type='cuda', index=1)"
    assert cuda1.__dlpack_device__() == (2, 1)


def test_device_defaults_and_aliases():
    assert tvm_ffi.device("cpu") == tvm_ffi.Device(1, 0)
    assert tvm_ffi.device("llvm") == tvm_ffi.device("cpu")
    assert tvm_ffi.device("metal", 2).type == "metal"
    assert tvm_ffi.Device(99).type == "unknown"


def test_device_unknown_name():
    with pytest.raises(ValueError) as info:
        tvm_ffi.device("nope")
    assert str(info.value) == 'Unknown device type "nope"'


def test_device_passes_through_calls():
    result = echo(tvm_ffi.device("cuda", 3))
    assert type(result) is tvm_ffi.Device
    assert result == tvm_ffi.device("cuda:3")
    listed = tvm_ffi.convert([tvm_ffi.device("cpu")])
    assert listed[0] == tvm_ffi.device("cpu")
