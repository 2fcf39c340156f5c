"""@T.function on Python functions in real files: nested and indented definitions, multi-line
decorators, CRLF, tabs, non-ASCII text, closures and `Alias = T` (issue 4, item 2)."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

import pytest

from tvm_tirx import ir
from tvm_tirx.script import error_location, from_source
from tvm_tirx.script import tirx as T

CANONICAL = '''
@T.function
def kernel(A: T.Tensor((8,), T.float32)):
    for i in range(8):
        A[i] = A[i] * T.float32(2.0)
'''


def _load(tmp_path: pathlib.Path, name: str, data: bytes):
    path = tmp_path / f"{name}.py"
    path.write_bytes(data)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module


def _expected():
    return from_source(CANONICAL, extra_vars={"T": T})


def test_nested_function_with_multiline_decorator_crlf_tabs_and_non_ascii(tmp_path) -> None:
    source = (
        "# -*- coding: utf-8 -*-\r\n"
        "from tvm_tirx.script import tirx as T\r\n"
        "NOTE = 'é名前'\r\n"
        "def outer(factor):\r\n"
        "\tscale = T.float32(factor)\r\n"
        "\t@T.function(\r\n"
        "\t\tcheck_well_formed=True,\r\n"
        "\t)\r\n"
        "\tdef kernel(A: T.Tensor((8,), T.float32)):\r\n"
        "\t\t# é 名前: a comment with non-ASCII text\r\n"
        "\t\tfor i in range(8):\r\n"
        "\t\t\tA[i] = A[i] * scale\r\n"
        "\treturn kernel\r\n"
    )
    module = _load(tmp_path, "nested_kernels", source.encode("utf-8"))
    kernel = module.outer(2.0)
    ir.assert_structural_equal(kernel, _expected())


def test_namespace_alias_and_method_in_a_class(tmp_path) -> None:
    source = (
        "from tvm_tirx.script import tirx as T\n"
        "Alias = T\n"
        "class Kernels:\n"
        "    @staticmethod\n"
        "    def make():\n"
        "        @Alias.function\n"
        "        def kernel(A: Alias.Tensor((8,), Alias.float32)):\n"
        "            for i in range(8):\n"
        "                A[i] = A[i] * Alias.float32(2.0)\n"
        "        return kernel\n"
    )
    module = _load(tmp_path, "alias_kernels", source.encode("utf-8"))
    ir.assert_structural_equal(module.Kernels.make(), _expected())


def test_errors_point_into_the_file(tmp_path) -> None:
    source = (
        "from tvm_tirx.script import tirx as T\n"
        "def build():\n"
        "    @T.function\n"
        "    def kernel(A: T.Tensor((8,), T.int32)):\n"
        "        A[0] = A[1] // 0.5\n"
        "    return kernel\n"
    )
    module = _load(tmp_path, "bad_kernels", source.encode("utf-8"))
    with pytest.raises(TypeError) as info:
        module.build()
    name, line, col, end_line, end_col = error_location(info.value)
    assert (pathlib.Path(name).name, line, col, end_line, end_col) == ("bad_kernels.py", 5, 15,
                                                                        5, 26)


def test_closure_names_bound_after_the_definition_are_read_when_used(tmp_path) -> None:
    source = (
        "from tvm_tirx.script import tirx as T\n"
        "def build():\n"
        "    @T.function\n"
        "    def kernel(A: T.Tensor((8,), T.float32)):\n"
        "        A[0] = later\n"
        "    later = T.float32(1.0)\n"
        "    return kernel\n"
    )
    module = _load(tmp_path, "late_kernels", source.encode("utf-8"))
    with pytest.raises(NameError, match="later"):
        module.build()


def test_typevar_is_not_a_script_symbol(tmp_path) -> None:
    source = (
        "import typing\n"
        "from tvm_tirx.script import tirx as T\n"
        "N = typing.TypeVar('N')\n"
        "@T.function\n"
        "def kernel(n: N):\n"
        "    pass\n"
    )
    with pytest.raises(TypeError, match="is a typing.TypeVar, which is not a script symbol"):
        _load(tmp_path, "typevar_kernels", source.encode("utf-8"))
