"""Shared setup of the Python test suites.

Loads the test plugin (tests/plugins/compile_kernel_plugin.cc) into the process, so that the
guide's ``__tvm_ffi_opaque_ptr__`` example finds ``my_compiler.compile_kernel`` exactly as
written, and offers fixtures that undo changes to the process-wide registries.
"""

from __future__ import annotations

import ctypes
import itertools
import os
import pathlib
from typing import Callable, Iterator, List

import pytest

import tvm_ffi
from tvm_ffi import core, registry

PLUGIN_NAME = "libtvm_test_plugin.so"

# Kept for the whole session: the plugin's functions live in the global registry.
_plugin: ctypes.CDLL | None = None


def plugin_path() -> pathlib.Path:
    """Where Meson builds the plugin: $TVM_LSP_BUILD_DIR/tests/plugins/."""
    build_dir = os.environ.get("TVM_LSP_BUILD_DIR")
    if not build_dir:
        raise pytest.UsageError(
            "TVM_LSP_BUILD_DIR is not set: run the tests with "
            "TVM_LSP_BUILD_DIR=$PWD/build (see scripts/test.sh)"
        )
    return pathlib.Path(build_dir) / "tests" / "plugins" / PLUGIN_NAME


def pytest_configure(config: pytest.Config) -> None:
    global _plugin
    path = plugin_path()
    if not path.is_file():
        raise pytest.UsageError(
            f"the test plugin {path} is missing: build it with `ninja -C {path.parents[2]}`"
        )
    # Its static initialiser registers my_compiler.compile_kernel in the core's registry.
    _plugin = ctypes.CDLL(str(path))


@pytest.fixture
def restore_object_classes() -> Iterator[None]:
    """Puts back the Python class of every FFI type a test re-registered (register_object)."""
    saved = dict(registry._CLASSES)
    yield
    for type_index, cls in saved.items():
        if registry._CLASSES.get(type_index) is not cls:
            tvm_ffi.register_object(core._type_info(type_index)["type_key"])(cls)


_name_counter = itertools.count()


@pytest.fixture
def global_name() -> Iterator[Callable[[str], str]]:
    """Makes unique global function names and removes those functions after the test."""
    made: List[str] = []

    def make(stem: str) -> str:
        name = f"test.{stem}_{next(_name_counter)}"
        assert tvm_ffi.get_global_func(name, allow_missing=True) is None
        made.append(name)
        return name

    yield make
    for name in made:
        tvm_ffi.remove_global_func(name)


class AddOne:
    """The guides' running example, built with constructors (fresh objects per instance):

    @T.function
    def add_one[n](A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32)):
        for i in range(n):
            B[i] = A[i] + T.float32(1.0)
    """

    def __init__(self) -> None:
        import tvm_tirx
        from tvm_tirx import ir

        self.n = ir.Var("n", ir.PrimType("int32"))
        tensor = ir.TensorType("float32", [self.n])
        self.A = ir.Var("A", tensor)
        self.B = ir.Var("B", tensor)
        self.i = ir.Var("i", ir.PrimType("int32"))
        value = tvm_tirx.TensorLoad(self.A, [self.i]) + 1.0
        store = tvm_tirx.TensorStore(self.B, [self.i], value)
        loop = tvm_tirx.For(self.i, 0, self.n, store)
        self.func = tvm_tirx.Function(
            [self.A, self.B], loop, attrs={"global_symbol": "add_one"}
        )


@pytest.fixture
def add_one() -> AddOne:
    """A freshly built add_one with handles on its variables."""
    return AddOne()
