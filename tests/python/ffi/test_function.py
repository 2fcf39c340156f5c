"""tvm_ffi.Function: global functions, calls in both directions, registration."""

import ctypes

import pytest

import tvm_ffi
from tvm_ffi import core

echo = tvm_ffi.get_global_func("testing.echo")
apply = tvm_ffi.get_global_func("testing.apply")
add3 = tvm_ffi.get_global_func("testing.add3")


def test_get_global_func_returns_function():
    assert type(echo) is tvm_ffi.Function
    assert isinstance(echo, tvm_ffi.Object)
    assert echo.__tvm_ffi_type_key__ == "ffi.Function"
    # Two look-ups give the same function object.
    assert tvm_ffi.get_global_func("testing.echo").same_as(echo)


def test_get_global_func_missing():
    with pytest.raises(ValueError) as info:
        tvm_ffi.get_global_func("testing.no_such_function")
    assert str(info.value) == "Global function `testing.no_such_function` is not registered"
    assert tvm_ffi.get_global_func("testing.no_such_function", allow_missing=True) is None


@pytest.mark.parametrize(
    "value",
    [0, -1, 2**63 - 1, -(2**63), 1.5, -0.0, True, False, None, "", "text", "héllo ✓",
     b"\x00\xff"],
)
def test_echo_returns_plain_values(value):
    result = echo(value)
    assert type(result) is type(value)
    assert result == value


def test_echo_keeps_embedded_nul_in_str():
    assert echo("a\x00b") == "a\x00b"


def test_echo_float_nan():
    result = echo(float("nan"))
    assert result != result


def test_add3_typed_call():
    assert add3(1, 2, 3) == 6
    assert add3(-(2**62), -(2**62), 0) == -(2**63)


def test_apply_passes_every_extra_argument():
    assert list(apply(lambda *args: list(args), 1, "a", None)) == [1, "a", None]
    assert apply(lambda: 7) == 7


def test_callback_receives_ffi_values():
    seen = []

    def callback(arr, mapping, func):
        seen.append((type(arr), type(mapping), type(func)))
        return func(arr[0] + mapping["k"])

    assert apply(callback, [10], {"k": 5}, lambda x: x * 2) == 30
    assert seen == [(tvm_ffi.Array, tvm_ffi.Map, tvm_ffi.Function)]


def test_callback_returns_containers():
    result = apply(lambda x: {"x": [x, (x,)]}, 3)
    assert isinstance(result, tvm_ffi.Map)
    assert isinstance(result["x"], tvm_ffi.Array)
    assert result["x"][0] == 3
    assert list(result["x"][1]) == [3]


def test_nested_callbacks():
    assert apply(lambda x: apply(lambda y: apply(lambda z: z * 2, y + 1), x + 1), 1) == 6


def test_python_callable_round_trip_is_callable():
    doubled = echo(lambda x: x * 2)
    assert type(doubled) is tvm_ffi.Function
    assert doubled(21) == 42


def test_convert_callable():
    func = tvm_ffi.convert(len)
    assert type(func) is tvm_ffi.Function
    assert func("abcd") == 4


def test_function_constructor_wraps_callable():
    func = tvm_ffi.Function(lambda a, b: a - b)
    assert func(5, 3) == 2
    assert apply(func, 10, 4) == 6


def test_function_constructor_needs_callable():
    with pytest.raises(TypeError) as info:
        tvm_ffi.Function(3)
    assert str(info.value) == "Function() needs a callable, got int"


def test_function_passed_back_keeps_identity():
    assert echo(echo).same_as(echo)
    assert echo(echo) == echo


def test_keyword_arguments_are_refused():
    with pytest.raises(TypeError) as info:
        echo(x=1)
    assert str(info.value) == "FFI functions take positional arguments only"


def test_many_arguments():
    # More than the eight arguments kept inline by the call path.
    args = list(range(20))
    assert apply(lambda *xs: sum(xs), *args) == sum(args)


def test_register_global_func_forms(global_name):
    name_a = global_name("decorated")
    name_b = global_name("direct")

    @tvm_ffi.register_global_func(name_a)
    def triple(x):
        """Triples."""
        return x * 3

    assert triple(2) == 6
    tvm_ffi.register_global_func(name_b, lambda s: s.upper())
    assert tvm_ffi.get_global_func(name_a)(3) == 9
    assert tvm_ffi.get_global_func(name_b)("abc") == "ABC"
    assert core._global_func_doc(name_a) == "Triples."
    # C++ can call it like any global function.
    assert apply(tvm_ffi.get_global_func(name_a), 4) == 12


def test_register_global_func_uses_function_name():
    assert tvm_ffi.get_global_func("test_py_named_function", allow_missing=True) is None

    def test_py_named_function(x):
        return x

    try:
        result = tvm_ffi.register_global_func(test_py_named_function)
        assert result is test_py_named_function
        assert tvm_ffi.get_global_func("test_py_named_function")(5) == 5
    finally:
        assert tvm_ffi.remove_global_func("test_py_named_function")


def test_register_global_func_override(global_name):
    name = global_name("override")
    tvm_ffi.register_global_func(name, lambda: 1)
    with pytest.raises(ValueError) as info:
        tvm_ffi.register_global_func(name, lambda: 2)
    assert str(info.value) == (
        f"Global function `{name}` is already registered; pass override=True to replace it"
    )
    assert tvm_ffi.get_global_func(name)() == 1
    tvm_ffi.register_global_func(name, lambda: 2, override=True)
    assert tvm_ffi.get_global_func(name)() == 2


def test_register_global_func_refuses_c_functions_name_without_override():
    with pytest.raises(ValueError) as info:
        tvm_ffi.register_global_func("testing.echo", lambda x: None)
    assert "`testing.echo` is already registered" in str(info.value)
    assert echo(5) == 5


def test_list_and_remove_global_func(global_name):
    name = global_name("listed")
    assert name not in tvm_ffi.list_global_func_names()
    tvm_ffi.register_global_func(name, lambda: None)
    names = tvm_ffi.list_global_func_names()
    assert name in names
    assert "testing.echo" in names
    assert "my_compiler.compile_kernel" in names
    assert names == sorted(names)
    assert tvm_ffi.remove_global_func(name) is True
    assert tvm_ffi.remove_global_func(name) is False
    assert tvm_ffi.get_global_func(name, allow_missing=True) is None


def test_global_function_held_by_caller_survives_removal(global_name):
    name = global_name("held")
    tvm_ffi.register_global_func(name, lambda: "still here")
    func = tvm_ffi.get_global_func(name)
    tvm_ffi.remove_global_func(name)
    assert func() == "still here"


def test_opaque_pointer_round_trip():
    result = echo(ctypes.c_void_p(0x1000))
    assert type(result) is ctypes.c_void_p
    assert result.value == 0x1000
    # A null pointer is None on the FFI side.
    assert echo(ctypes.c_void_p(None)) is None


def test_nop_returns_none():
    assert tvm_ffi.get_global_func("testing.nop")() is None
