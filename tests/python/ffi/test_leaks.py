"""No FFI object (and no Python object) outlives 10,000 calls, failing or not.

``testing.object_count()`` is the number of live FFI objects in the process. Every scenario
runs a few warm-up calls first, so that one-time caches (the class made for a type on first
sight, the protocol found for a Python type, the code objects behind C++ frames in tracebacks)
are filled before counting; after that the counts must not move at all: no tolerance.
"""

import gc
import sys

import numpy as np
import pytest

import tvm_ffi

echo = tvm_ffi.get_global_func("testing.echo")
apply = tvm_ffi.get_global_func("testing.apply")
add3 = tvm_ffi.get_global_func("testing.add3")
raise_error = tvm_ffi.get_global_func("testing.test_raise_error")
object_count = tvm_ffi.get_global_func("testing.object_count")

CALLS = 10_000
WARM_UP = 100


def failing(func, *args, expected=Exception):
    def call():
        try:
            func(*args)
        except expected:
            return
        raise AssertionError("the call was expected to fail")

    return call


def counts():
    gc.collect()
    return object_count(), len(gc.get_objects())


def assert_no_growth(call):
    for _ in range(WARM_UP):
        call()
    objects_before, python_before = counts()
    for _ in range(CALLS):
        call()
    objects_after, python_after = counts()
    assert objects_after == objects_before, "FFI objects leaked"
    # Fewer is fine: garbage of earlier tests may go in between.
    assert python_after <= python_before, "Python objects leaked"


def raise_value_error(*args):
    raise ValueError("from a callback")


class Cyclic:
    def __tvm_ffi_value__(self):
        return self


MAP = tvm_ffi.convert({"a": [1, 2]})
DICT = tvm_ffi.Dict({"a": 1})
ARRAY = tvm_ffi.convert([1, 2, 3])


FAILING_CALLS = {
    "wrong argument type": failing(add3, "a", [1, 2], {"k": 3}, expected=TypeError),
    "wrong argument count": failing(add3, [1], {"a": [2]}, expected=TypeError),
    "error raised in C++": failing(raise_error, "ValueError", "message", expected=ValueError),
    "unknown error kind": failing(raise_error, "NoSuchKind", "message", expected=RuntimeError),
    "callback error": failing(apply, raise_value_error, [1, {"k": "v"}], expected=ValueError),
    "C++ error through a callback": failing(
        apply, lambda: raise_error("IndexError", "deep"), expected=IndexError
    ),
    "Map KeyError": failing(MAP.__getitem__, "missing", expected=KeyError),
    "Dict KeyError": failing(DICT.__delitem__, "missing", expected=KeyError),
    "IndexError": failing(ARRAY.__getitem__, 10, expected=IndexError),
    "cyclic __tvm_ffi_value__": failing(echo, [1, Cyclic()], expected=TypeError),
    "unconvertible value": failing(echo, [[1, "s"], {"k": object()}], expected=TypeError),
    "int overflow": failing(echo, [1, 2, 2**70], expected=OverflowError),
    "bad field keyword": failing(
        lambda: tvm_ffi.testing.TestNode(name="n", dtype="int8", body=None, bogus=[1]),
        expected=TypeError,
    ),
    "bad field type": failing(
        lambda: tvm_ffi.testing.TestNode(name="n", dtype="int8", body=None, children=[1, 2]),
        expected=TypeError,
    ),
    "bad constructor arguments": failing(tvm_ffi.testing.TestIntPair, "a", [1], expected=TypeError),
}


@pytest.mark.parametrize("call", FAILING_CALLS.values(), ids=FAILING_CALLS.keys())
def test_failing_calls_do_not_leak(call):
    assert_no_growth(call)


class CudaStream:
    def __cuda_stream__(self):
        return (0, 1)


class DeviceArray:
    array = np.zeros(2, dtype=np.float32)

    def __dlpack__(self, *args, **kwargs):
        return self.array.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return (2, 0)

    def __tvm_ffi_env_stream__(self):
        return 5


def make_node():
    leaf = tvm_ffi.testing.TestBase(name="leaf")
    return tvm_ffi.testing.TestNode(
        name="n", dtype="float32", body=leaf, children=[leaf], attrs={"k": [1, 2]}
    )


SUCCESSFUL_CALLS = {
    "echo of nested containers": lambda: echo([1, {"a": [2, "s"]}, (3.5, None)]),
    "callback": lambda: apply(lambda x: [x, {"x": x}], 1),
    "keyword construction": make_node,
    "object fields": lambda: make_node().children[0].name,
    "deep copy": lambda: tvm_ffi.get_global_func("ffi.DeepCopy")(make_node()),
    "List and Dict mutation": lambda: (tvm_ffi.List([1]).append([2]), tvm_ffi.Dict({1: [2]})),
    "tensor from NumPy": lambda: np.from_dlpack(echo(np.zeros(4, dtype=np.float32))),
    "tensor empty": lambda: tvm_ffi.empty((2, 2), "int32").shape,
    "stream protocols": lambda: apply(lambda s, t: s, CudaStream(), DeviceArray()),
    "registered Python function": lambda: tvm_ffi.get_global_func("testing.echo")(echo),
}


@pytest.mark.parametrize("call", SUCCESSFUL_CALLS.values(), ids=SUCCESSFUL_CALLS.keys())
def test_successful_calls_do_not_leak(call):
    assert_no_growth(call)


def test_python_objects_handed_to_ffi_are_released():
    payload = "payload-" + "x" * 10

    def callback(value):
        return value

    class Wrapper:
        def __tvm_ffi_value__(self):
            return payload

    refs_before = sys.getrefcount(callback), sys.getrefcount(payload)
    for _ in range(CALLS):
        apply(callback, payload)
        echo(Wrapper())
        try:
            add3(payload, 1, 2)
        except TypeError:
            pass
    gc.collect()
    assert (sys.getrefcount(callback), sys.getrefcount(payload)) == refs_before


def test_objects_die_with_their_last_handle():
    before = object_count()
    node = make_node()
    assert object_count() > before
    del node
    gc.collect()
    assert object_count() == before
