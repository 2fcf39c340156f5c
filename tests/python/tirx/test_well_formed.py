"""check_well_formed from Python: the raising and the collecting forms."""

from __future__ import annotations

import pytest

import tvm_tirx
from tvm_ffi import WalkOrder, structural_map
from tvm_tirx import analysis
from tvm_tirx.ir import Var


def test_add_one_is_well_formed(add_one):
    assert analysis.check_well_formed(add_one.func) is True
    assert analysis.check_well_formed(add_one.func, assert_mode=False) is True
    assert analysis.well_formed_diagnostics(add_one.func) == []


def test_specialized_function_is_well_formed(add_one):
    def specialize_var(var: Var):
        return tvm_tirx.make_const(var.ty, 128) if var.same_as(add_one.n) else var

    specialized = structural_map(add_one.func, specialize_var, WalkOrder.POST_ORDER)
    assert analysis.check_well_formed(specialized)


def undefined_use(add_one):
    y = Var("y", tvm_tirx.PrimType("float32"))
    store = tvm_tirx.TensorStore(add_one.B, [add_one.i], y)
    loop = tvm_tirx.For(add_one.i, 0, add_one.n, store)
    return tvm_tirx.Function([add_one.A, add_one.B], loop, attrs={"global_symbol": "f"})


def test_diagnostics_name_code_message_and_path(add_one):
    [problem] = analysis.well_formed_diagnostics(undefined_use(add_one))
    assert isinstance(problem, analysis.Diagnostic)
    assert problem.severity == 1
    assert problem.code == "undefined-variable"
    assert problem.message == "variable `y` is used but never defined"
    assert str(problem.path) == "<root>.body.body.value"


def test_assert_mode_raises_and_bool_mode_returns_false(add_one):
    func = undefined_use(add_one)
    assert analysis.check_well_formed(func, assert_mode=False) is False
    with pytest.raises(ValueError) as info:
        analysis.check_well_formed(func)
    assert str(info.value).startswith(
        "the IR is not well-formed (1 problem):\n"
        "  undefined-variable: variable `y` is used but never defined (at <root>.body.body.value)"
    )


def test_non_ir_input_is_well_formed_trivially():
    assert analysis.check_well_formed(tvm_tirx.make_const("int32", 3))


def test_assert_mode_shows_the_printed_function_with_the_node_underlined(add_one):
    with pytest.raises(ValueError) as info:
        analysis.check_well_formed(undefined_use(add_one))
    assert str(info.value) == (
        "the IR is not well-formed (1 problem):\n"
        "  undefined-variable: variable `y` is used but never defined (at <root>.body.body.value)\n"
        "from __future__ import annotations\n"
        "\n"
        "# from tvm_tirx.script import tirx as T\n"
        "\n"
        "@T.function\n"
        "def f[n](A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32)):\n"
        "    for i in range(n):\n"
        "        B[i] = y\n"
        "               ^"
    )
