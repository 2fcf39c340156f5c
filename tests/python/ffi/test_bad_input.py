"""Bad input of every kind gives a Python exception with a precise message, never a crash."""

import sys

import pytest

import tvm_ffi

echo = tvm_ffi.get_global_func("testing.echo")
apply = tvm_ffi.get_global_func("testing.apply")
add3 = tvm_ffi.get_global_func("testing.add3")

ADD3 = "`testing.add3(0: int, 1: int, 2: int) -> int`"


# ---- typed functions -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, index, got",
    [
        (("a", 1, 2), 0, "str"),
        ((1, "b", 2), 1, "str"),
        ((1, 2, 3.5), 2, "float"),
        ((1, 2, None), 2, "None"),
        (([1], 2, 3), 0, "ffi.Array"),
        (({"k": 1}, 2, 3), 0, "ffi.Map"),
        ((b"x", 2, 3), 0, "ffi.Bytes"),
        ((len, 2, 3), 0, "ffi.Function"),
        ((1, tvm_ffi.testing.TestIntPair(1, 2), 3), 1, "testing.TestIntPair"),
    ],
)
def test_wrong_argument_type(args, index, got):
    with pytest.raises(TypeError) as info:
        add3(*args)
    assert str(info.value) == (
        f"Mismatched type on argument #{index} when calling: {ADD3}. Expected `int` but got `{got}`"
    )


@pytest.mark.parametrize("args", [(), (1,), (1, 2), (1, 2, 3, 4)])
def test_wrong_argument_count(args):
    with pytest.raises(TypeError) as info:
        add3(*args)
    assert str(info.value) == (
        f"Mismatched number of arguments when calling: {ADD3}. Expected 3 but got {len(args)} "
        "arguments"
    )


def test_bool_is_accepted_as_int():
    assert add3(True, False, 1) == 2


def test_wrong_argument_type_to_container_functions():
    with pytest.raises(TypeError) as info:
        tvm_ffi.Array([1])["0"]
    assert str(info.value) == (
        "Mismatched type on argument #1 when calling: `ffi.ArrayGetItem(0: Array, 1: int) -> Any`."
        " Expected `int` but got `str`"
    )
    with pytest.raises(TypeError) as info:
        tvm_ffi.get_global_func("ffi.ListAppend")(None, 1)
    assert str(info.value) == (
        "Mismatched type on argument #0 when calling: `ffi.ListAppend(0: List, 1: Any) -> None`."
        " Expected `List` but got `None`"
    )


def test_testing_apply_needs_a_function():
    with pytest.raises(TypeError, match="^testing.apply expects a function first$"):
        apply()
    with pytest.raises(TypeError, match="^Cannot convert from type `int` to `ffi.Function`$"):
        apply(1)


def test_testing_apply_of_none_is_refused():
    with pytest.raises(TypeError) as info:
        apply(None)
    assert str(info.value) == "testing.apply expects a function first, got None"


def test_module_get_function_of_none_is_refused():
    with pytest.raises(ValueError) as info:
        tvm_ffi.get_global_func("ffi.ModuleGetFunction")(None, "f")
    assert str(info.value) == "Cannot look up `f` in a null Module"


def test_null_workspace_to_the_plugin():
    with pytest.raises(ValueError) as info:
        tvm_ffi.get_global_func("my_compiler.compile_kernel")(None)
    assert str(info.value) == "my_compiler.compile_kernel needs a workspace, got a null pointer"


# ---- containers ------------------------------------------------------------------------------


def test_index_out_of_range():
    with pytest.raises(IndexError, match=r"^ffi\.Array index 2 out of range for size 2$"):
        tvm_ffi.Array([1, 2])[2]
    with pytest.raises(IndexError, match=r"^ffi\.List index -3 out of range for size 2$"):
        tvm_ffi.List([1, 2])[-3]
    with pytest.raises(IndexError, match=r"^ffi\.Shape index 1 out of range for size 1$"):
        tvm_ffi.Shape([4])[1]


def test_mutation_of_immutable_containers():
    arr = tvm_ffi.convert([1])
    mapping = tvm_ffi.convert({"a": 1})
    with pytest.raises(TypeError, match="^'Array' object does not support item assignment$"):
        arr[0] = 2
    with pytest.raises(TypeError, match="^'Map' object does not support item assignment$"):
        mapping["a"] = 2
    with pytest.raises(TypeError, match="^'Map' object does not support item deletion$"):
        del mapping["a"]
    with pytest.raises(AttributeError):
        arr.append(2)
    assert list(arr) == [1]
    assert dict(mapping) == {"a": 1}


def test_uninitialised_containers():
    for cls in (tvm_ffi.Array, tvm_ffi.List, tvm_ffi.Map, tvm_ffi.Dict):
        with pytest.raises(ValueError, match=f"^{cls.__name__} object is not initialised$"):
            len(cls.__new__(cls))


def test_odd_number_of_map_arguments():
    with pytest.raises(ValueError) as info:
        tvm_ffi.get_global_func("ffi.Map")("a")
    assert str(info.value) == "ffi.Map expects key, value pairs but got 1 arguments"


# ---- global functions ------------------------------------------------------------------------


def test_unknown_global_name():
    with pytest.raises(ValueError) as info:
        tvm_ffi.get_global_func("no.such.function")
    assert str(info.value) == "Global function `no.such.function` is not registered"


def test_taken_name_needs_override(global_name):
    name = global_name("taken")
    tvm_ffi.register_global_func(name, lambda: "first")
    with pytest.raises(ValueError) as info:
        tvm_ffi.register_global_func(name, lambda: "second")
    assert str(info.value) == (
        f"Global function `{name}` is already registered; pass override=True to replace it"
    )
    assert tvm_ffi.get_global_func(name)() == "first"
    tvm_ffi.register_global_func(name, lambda: "second", override=True)
    assert tvm_ffi.get_global_func(name)() == "second"


def test_register_a_non_callable(global_name):
    name = global_name("not_callable")
    with pytest.raises(TypeError) as info:
        tvm_ffi.register_global_func(name, 3)
    assert str(info.value) == "register_global_func needs a callable, got int"
    assert tvm_ffi.get_global_func(name, allow_missing=True) is None


# ---- conversions -----------------------------------------------------------------------------


def test_recursive_value_protocol():
    class Loop:
        def __tvm_ffi_value__(self):
            return [self]

    # Each step is a new list around the same object: the chain sees the object again.
    with pytest.raises(TypeError, match="^__tvm_ffi_value__ of Loop returned a value already seen"):
        echo(Loop())


def test_value_protocol_that_raises():
    class Raising:
        def __tvm_ffi_value__(self):
            raise KeyError("no value")

    with pytest.raises(KeyError) as info:
        echo(Raising())
    assert info.value.args == ("no value",)


def test_callback_that_raises():
    def callback(x):
        raise ZeroDivisionError(f"divided {x} by zero")

    with pytest.raises(ZeroDivisionError, match="^divided 3 by zero$"):
        apply(callback, 3)


def test_callback_with_wrong_arity():
    def two(a, b):
        return a + b

    with pytest.raises(TypeError, match=r"two\(\) missing 1 required positional argument: 'b'"):
        apply(two, 1)


def test_callback_returning_unconvertible_value():
    with pytest.raises(TypeError, match="^Cannot convert a Python `object` to an FFI value$"):
        apply(lambda: object())


@pytest.mark.parametrize(
    "value, type_name",
    [
        (object(), "object"),
        ({1, 2}, "set"),
        (1j, "complex"),
        (bytearray(b"x"), "bytearray"),
        (memoryview(b"x"), "memoryview"),
        (type("Custom", (), {})(), "Custom"),
        (sys, "module"),
    ],
)
def test_unconvertible_value(value, type_name):
    with pytest.raises(TypeError) as info:
        echo(value)
    assert str(info.value) == f"Cannot convert a Python `{type_name}` to an FFI value"


def test_unconvertible_value_inside_containers():
    with pytest.raises(TypeError, match="^Cannot convert a Python `set` to an FFI value$"):
        echo([1, [2, {3}]])
    with pytest.raises(TypeError, match="^Cannot convert a Python `object` to an FFI value$"):
        echo({object(): 1})
    with pytest.raises(TypeError, match="^Cannot convert a Python `complex` to an FFI value$"):
        tvm_ffi.convert({"k": 1j})


@pytest.mark.parametrize("value", [2**63, -(2**63) - 1, 10**30])
def test_int_too_large(value):
    with pytest.raises(OverflowError) as info:
        echo(value)
    assert str(info.value) == "Python int too large to convert to an FFI int64"


def test_int_too_large_inside_containers_and_typed_calls():
    with pytest.raises(OverflowError, match="^Python int too large to convert to an FFI int64$"):
        echo([1, 2**64])
    with pytest.raises(OverflowError, match="^Python int too large to convert to an FFI int64$"):
        add3(1, 2, -(2**70))


def test_deep_nesting_raises_recursion_error():
    nested = []
    for _ in range(sys.getrecursionlimit() * 2):
        nested = [nested]
    with pytest.raises(RecursionError, match="while converting to an FFI value"):
        echo(nested)
    # Nesting within the limit converts.
    shallow = []
    for _ in range(100):
        shallow = [shallow]
    assert len(echo(shallow)) == 1


def test_lone_surrogate_in_str():
    with pytest.raises(UnicodeEncodeError):
        echo("\ud800")


# ---- objects ---------------------------------------------------------------------------------


def test_field_descriptors_cannot_be_forged():
    with pytest.raises(TypeError, match="^cannot create 'tvm_ffi.core.FieldDescriptor' instances$"):
        tvm_ffi.core.FieldDescriptor()
    pair_index = tvm_ffi.testing.TestIntPair(1, 2)._type_index
    with pytest.raises(IndexError) as info:
        tvm_ffi.core._field_descriptor(pair_index, 2)
    assert str(info.value) == f"FFI type {pair_index} has no reflected field #2"
    with pytest.raises(IndexError):
        tvm_ffi.core._field_descriptor(-5, 0)


def test_field_of_another_type():
    with pytest.raises(TypeError) as info:
        tvm_ffi.testing.TestIntPair.a.__get__(tvm_ffi.testing.TestBase(name="x"))
    assert str(info.value) == "field `a` does not belong to `testing.TestBase`"
    with pytest.raises(TypeError, match="^field descriptor used on a non-FFI object$"):
        tvm_ffi.testing.TestIntPair.a.__get__(3)


def test_method_with_wrong_self():
    with pytest.raises(TypeError) as info:
        tvm_ffi.testing.TestIntPair.sum(None)
    assert str(info.value) == (
        "Method `testing.TestIntPair.sum` needs a `testing.TestIntPair` as self but got `None`"
    )


def test_constructor_with_wrong_arguments():
    with pytest.raises(TypeError) as info:
        tvm_ffi.testing.TestIntPair(1)
    assert str(info.value) == (
        "Mismatched number of arguments when calling: "
        "`testing.TestIntPair.__ffi_init__(0: int, 1: int) -> Object`. "
        "Expected 2 but got 1 arguments"
    )


def test_object_without_default_constructor():
    with pytest.raises(TypeError) as info:
        tvm_ffi.Object()
    assert str(info.value) == (
        "`ffi.Object` cannot be built from keyword arguments: it has no default constructor"
    )


def test_function_constructor_arguments():
    with pytest.raises(TypeError, match=r"^Function\(\) takes exactly 1 argument \(0 given\)$"):
        tvm_ffi.Function()
    with pytest.raises(TypeError, match="is not safe"):
        tvm_ffi.Object.__new__(tvm_ffi.Function)


def test_tensor_helpers_on_non_tensors():
    with pytest.raises(TypeError, match="^expected a tvm_ffi.Tensor$"):
        tvm_ffi.Tensor.__new__(tvm_ffi.Tensor).shape
    with pytest.raises(ValueError, match="^Tensor shape has a negative extent -1$"):
        tvm_ffi.empty((-1,))
    with pytest.raises(ValueError, match="^Tensor shape is too large$"):
        tvm_ffi.empty((2**40, 2**40))


def test_bad_dlpack_producer():
    class NotACapsule:
        def __dlpack__(self, *args, **kwargs):
            return 3

    with pytest.raises(TypeError) as info:
        echo(NotACapsule())
    assert str(info.value) == (
        '__dlpack__ of NotACapsule did not return an unused "dltensor" capsule'
    )
