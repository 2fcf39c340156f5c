"""Errors across the boundary: kinds and Python classes, register_error, frames in tracebacks."""

import itertools
import traceback

import pytest

import tvm_ffi

apply = tvm_ffi.get_global_func("testing.apply")
raise_error = tvm_ffi.get_global_func("testing.test_raise_error")

TESTING_CC = "core/ffi/src/testing.cc"

_kind_counter = itertools.count()


def unique_kind(stem):
    """Error kinds are registered process-wide: every test uses fresh ones."""
    return f"{stem}{next(_kind_counter)}"


def frames_of(exc):
    return traceback.extract_tb(exc.__traceback__)


@pytest.mark.parametrize(
    "kind",
    [
        "ValueError",
        "TypeError",
        "IndexError",
        "AttributeError",
        "RuntimeError",
        "NotImplementedError",
        "AssertionError",
        "MemoryError",
        "OverflowError",
        "ZeroDivisionError",
        "SyntaxError",
    ],
)
def test_builtin_kinds_map_to_builtin_classes(kind):
    with pytest.raises(BaseException) as info:
        raise_error(kind, "the message")
    assert type(info.value).__name__ == kind
    assert type(info.value).__module__ == "builtins"
    assert str(info.value) == "the message"
    assert info.value.__tvm_ffi_error_kind__ == kind


def test_key_error_holds_the_message():
    with pytest.raises(KeyError) as info:
        raise_error("KeyError", "missing")
    assert type(info.value) is KeyError
    assert info.value.args == ("missing",)


def test_other_builtin_exception_names_map_to_builtins():
    with pytest.raises(FileNotFoundError, match="^no file$"):
        raise_error("FileNotFoundError", "no file")


def test_internal_error():
    with pytest.raises(tvm_ffi.InternalError) as info:
        raise_error("InternalError", "a broken invariant")
    assert type(info.value) is tvm_ffi.InternalError
    assert isinstance(info.value, RuntimeError)
    assert str(info.value) == "a broken invariant"


def test_unknown_kind_is_runtime_error():
    kind = unique_kind("NeverRegistered")
    with pytest.raises(RuntimeError) as info:
        raise_error(kind, "what")
    assert type(info.value) is RuntimeError
    assert str(info.value) == "what"
    # The kind stays reachable as data.
    assert info.value.__tvm_ffi_error_kind__ == kind


@pytest.mark.parametrize("kind", ["KeyboardInterrupt", "SystemExit", "GeneratorExit"])
def test_kinds_naming_non_exceptions_are_runtime_error(kind):
    # C++ must not be able to exit the interpreter or fake a Ctrl-C.
    with pytest.raises(RuntimeError) as info:
        raise_error(kind, "no")
    assert type(info.value) is RuntimeError


def test_frames_are_data_too():
    with pytest.raises(ValueError) as info:
        raise_error("ValueError", "m")
    ((file, line, func),) = info.value.__tvm_ffi_frames__
    assert file == TESTING_CC
    assert line > 0
    assert "TestRaiseError" in func


def test_cpp_frame_in_traceback():
    with pytest.raises(IndexError) as info:
        raise_error("IndexError", "m")
    frames = frames_of(info.value)
    assert frames[-1].filename == TESTING_CC
    assert "TestRaiseError" in frames[-1].name
    assert frames[-2].filename == __file__
    assert frames[-2].name == "test_cpp_frame_in_traceback"
    assert "".join(traceback.format_exception(info.value)).endswith("IndexError: m\n")


# ---- register_error --------------------------------------------------------------------------


def test_register_error_with_kind_name():
    kind = unique_kind("MyKind")

    @tvm_ffi.register_error(kind)
    class MyError(Exception):
        pass

    with pytest.raises(MyError) as info:
        raise_error(kind, "custom message")
    assert type(info.value) is MyError
    assert str(info.value) == "custom message"
    assert frames_of(info.value)[-1].filename == TESTING_CC


def test_register_error_forms():
    class_named = type(unique_kind("ClassNamed"), (Exception,), {})
    assert tvm_ffi.register_error(class_named) is class_named
    with pytest.raises(class_named):
        raise_error(class_named.__name__, "m")

    kind = unique_kind("Direct")
    direct = type("Direct", (ValueError,), {})
    assert tvm_ffi.register_error(kind, direct) is direct
    with pytest.raises(direct):
        raise_error(kind, "m")


def test_register_error_overrides_a_builtin_kind():
    kind = unique_kind("Shadow")

    class First(Exception):
        pass

    class Second(Exception):
        pass

    tvm_ffi.register_error(kind, First)
    tvm_ffi.register_error(kind, Second)
    with pytest.raises(Second):
        raise_error(kind, "m")


def test_register_error_needs_an_exception_class():
    with pytest.raises(TypeError) as info:
        tvm_ffi.register_error("NotAnError", int)
    assert str(info.value) == "register_error needs an exception class, got <class 'int'>"


def test_registered_class_that_cannot_take_a_message_falls_back_to_runtime_error():
    kind = unique_kind("NeedsTwo")

    @tvm_ffi.register_error(kind)
    class NeedsTwo(Exception):
        def __init__(self, first, second):
            super().__init__(first, second)

    with pytest.raises(RuntimeError) as info:
        raise_error(kind, "only one")
    assert type(info.value) is RuntimeError
    assert str(info.value) == "only one"


# ---- Python callbacks ------------------------------------------------------------------------


def test_callback_error_keeps_kind_message_and_frame():
    def failing_callback(x):
        raise ValueError(f"callback failed on {x}")

    with pytest.raises(ValueError) as info:
        apply(failing_callback, 7)
    assert type(info.value) is ValueError
    assert str(info.value) == "callback failed on 7"
    frames = frames_of(info.value)
    assert (frames[-1].filename, frames[-1].name) == (__file__, "failing_callback")
    assert frames[-1].line == 'raise ValueError(f"callback failed on {x}")'
    assert frames[-2].name == "test_callback_error_keeps_kind_message_and_frame"


def test_callback_error_of_registered_kind():
    kind = unique_kind("CallbackKind")

    @tvm_ffi.register_error(kind)
    class CallbackError(Exception):
        pass

    def failing_callback():
        raise CallbackError("from python")

    with pytest.raises(CallbackError) as info:
        apply(failing_callback)
    assert type(info.value) is CallbackError
    assert str(info.value) == "from python"
    assert info.value.__tvm_ffi_error_kind__ == kind


@pytest.mark.parametrize(
    "error", [TypeError("t"), KeyError("k"), IndexError("i"), NotImplementedError("n")]
)
def test_callback_builtin_errors_round_trip(error):
    def failing_callback():
        raise error

    with pytest.raises(type(error)) as info:
        apply(failing_callback)
    assert type(info.value) is type(error)
    assert info.value.args == error.args


def test_callback_error_of_unregistered_class_is_runtime_error():
    # An unregistered exception class crosses as a kind named after the class, which Python
    # does not know on the way back: RuntimeError, as for any unknown kind.
    class Unregistered(ValueError):
        pass

    def failing_callback():
        raise Unregistered("sub")

    with pytest.raises(RuntimeError) as info:
        apply(failing_callback)
    assert type(info.value) is RuntimeError
    assert str(info.value) == "sub"
    assert info.value.__tvm_ffi_error_kind__ == "Unregistered"


def test_callback_error_that_needs_more_arguments():
    def failing_callback():
        b"\xff".decode("utf-8")

    with pytest.raises(RuntimeError) as info:
        apply(failing_callback)
    assert str(info.value) == (
        "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"
    )
    assert info.value.__tvm_ffi_error_kind__ == "UnicodeDecodeError"


def test_cpp_error_through_a_callback_keeps_both_frames():
    def callback():
        raise_error("IndexError", "deep")

    with pytest.raises(IndexError) as info:
        apply(callback)
    assert str(info.value) == "deep"
    names = [(f.filename, f.name) for f in frames_of(info.value)]
    assert names[-2] == (__file__, "callback")
    assert names[-1][0] == TESTING_CC


def test_key_error_message_survives_round_trips():
    # str(KeyError("k")) is "'k'"; crossing must not add a layer of quotes per crossing.
    def callback():
        raise_error("KeyError", "k")

    with pytest.raises(KeyError) as info:
        apply(lambda: apply(callback))
    assert info.value.args == ("k",)


def test_error_crosses_nested_callbacks():
    kind = unique_kind("Nested")

    @tvm_ffi.register_error(kind)
    class NestedError(Exception):
        pass

    def innermost():
        raise NestedError("bottom")

    with pytest.raises(NestedError, match="^bottom$"):
        apply(lambda: apply(lambda: apply(innermost)))


def test_exception_as_value_becomes_error_object():
    error = tvm_ffi.get_global_func("testing.echo")(ValueError("not raised"))
    assert error.__tvm_ffi_type_key__ == "ffi.Error"
