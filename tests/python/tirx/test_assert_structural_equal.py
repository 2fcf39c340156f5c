"""assert_structural_equal: silent on equal IR; on a mismatch both sides printed, underlined."""

from __future__ import annotations

import pytest

import tvm_tirx
from tvm_ffi import structural_map
from tvm_tirx.ir import assert_structural_equal

FUNCTION = """\
from __future__ import annotations

# from tvm_tirx.script import tirx as T

@T.function
def add_one[n](A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32)):
    for i in range(n):
        B[i] = A[i] + T.float32({value})
                                ^^^"""


def test_equal_functions_pass(add_one):
    # A second, freshly built add_one (the fixture's class; importing `conftest` by name would
    # find whichever conftest module was loaded first, such as tests/python/lsp/vscode_client's).
    assert_structural_equal(add_one.func, type(add_one)().func)


def test_mismatch_prints_both_sides_with_the_difference_underlined(add_one):
    def two(value: tvm_tirx.FloatImm):
        return tvm_tirx.make_const("float32", 2.0)

    changed = structural_map(add_one.func, two)
    with pytest.raises(ValueError) as info:
        assert_structural_equal(add_one.func, changed)
    assert str(info.value) == (
        "StructuralEqual check failed, caused by lhs at <root>.body.body.value.b.value:\n"
        + FUNCTION.format(value="1.0")
        + "\nand rhs at <root>.body.body.value.b.value:\n"
        + FUNCTION.format(value="2.0")
    )


def test_non_ir_values_are_reported_with_their_repr():
    with pytest.raises(ValueError, match=r"caused by lhs at <root>\[1\]:\n\[1, 2\]"):
        assert_structural_equal([1, 2], [1, 3])
