"""Python int -> FFI int64 around the boundaries of the conversion's fast paths.

py_convert.cc reads ints of one CPython digit (|v| < 2**30) directly and takes exact ints and
floats in lists without a per-element conversion scope; these tests pin the results on both
sides of each boundary, and for int subclasses, bools and floats that must not take them.
"""

import pytest

import tvm_ffi

echo = tvm_ffi.get_global_func("testing.echo")
add3 = tvm_ffi.get_global_func("testing.add3")

DIGIT = 2**30  # CPython's digit base on 64-bit builds
BOUNDARY_INTS = [
    0,
    1,
    -1,
    DIGIT - 1,
    DIGIT,
    DIGIT + 1,
    -(DIGIT - 1),
    -DIGIT,
    -(DIGIT + 1),
    2**31,
    -(2**31),
    2**32,
    2**62,
    2**63 - 1,
    -(2**63),
]
TOO_LARGE = [2**63, -(2**63) - 1, 2**64, 2**100, -(2**100)]


class MyInt(int):
    pass


class MyFloat(float):
    pass


@pytest.mark.parametrize("value", BOUNDARY_INTS)
def test_int_round_trips(value):
    assert type(echo(value)) is int
    assert echo(value) == value
    assert add3(value, 0, 0) == value
    assert add3(0, value, 0) == value


@pytest.mark.parametrize("value", BOUNDARY_INTS)
def test_int_subclass_converts_to_its_value(value):
    result = echo(MyInt(value))
    assert type(result) is int
    assert result == value


@pytest.mark.parametrize("value", TOO_LARGE)
def test_int_beyond_int64_raises(value):
    message = "^Python int too large to convert to an FFI int64$"
    with pytest.raises(OverflowError, match=message):
        echo(value)
    with pytest.raises(OverflowError, match=message):
        echo(MyInt(value))
    with pytest.raises(OverflowError, match=message):
        tvm_ffi.convert([1, 2, value])


def test_list_of_ints_converts_every_element():
    values = BOUNDARY_INTS + [-v for v in BOUNDARY_INTS if v != -(2**63)]
    for sequence in (values, tuple(values)):
        array = tvm_ffi.convert(sequence)
        assert isinstance(array, tvm_ffi.Array)
        assert len(array) == len(values)
        assert [type(x) for x in array] == [int] * len(values)
        assert list(array) == values


def test_list_of_mixed_scalars_keeps_each_type():
    values = [1, 2.5, True, False, None, "s", MyInt(7), MyFloat(0.5), -0.0, DIGIT, 3]
    result = list(tvm_ffi.convert(values))
    assert result == [1, 2.5, True, False, None, "s", 7, 0.5, -0.0, DIGIT, 3]
    types = [int, float, bool, bool, type(None), str, int, float, float, int, int]
    assert [type(x) for x in result] == types


def test_large_list_round_trips():
    values = list(range(-500, 500))
    assert list(tvm_ffi.convert(values)) == values
    floats = [i / 4 for i in range(1000)]
    assert list(tvm_ffi.convert(floats)) == floats
