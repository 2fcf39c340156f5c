"""Round trips over random functions (tests/python/tirx/random_ir.py): for every IR the printer
prints, `from_source(print(ir))` is structurally equal and printing again gives the same text
(issue 4, item 9)."""

from __future__ import annotations

import pathlib
import sys

import pytest

# The random function generator lives beside the IR's own property tests.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tirx"))
from random_ir import RandomFunction  # noqa: E402

from tvm_tirx import ir  # noqa: E402
from tvm_tirx.script import from_source  # noqa: E402
from tvm_tirx.script import tirx as T  # noqa: E402

SEEDS = range(1000)


@pytest.mark.parametrize("chunk", range(10))
def test_random_functions_round_trip(chunk: int) -> None:
    for seed in SEEDS[chunk::10]:
        func = RandomFunction(seed).build()
        text = func.script()
        reparsed = from_source(text, extra_vars={"T": T})
        ir.assert_structural_equal(func, reparsed)
        assert reparsed.script() == text, f"seed {seed}: printing again changed the text"


def test_nodes_the_builders_would_fold_print_as_their_raw_constructors() -> None:
    # Python (or our folding builders) would compute `0 < 12`, `0 + 12` and `x + 0` when the
    # text is read: such nodes print as the reference prints them, raw.
    from tvm_tirx import LT, Add, Div, make_const

    zero, twelve = make_const("int32", 0), make_const("int32", 12)
    x = ir.Var("x", ir.PrimType("int32"))
    f = ir.Var("f", ir.PrimType("float32"))
    assert LT(zero, twelve).script() == "T.LT(0, 12)"
    assert Add(zero, twelve).script() == "T.Add(0, 12)"
    assert Add(x, zero).script() == "T.Add(x, 0)"
    assert Div(f, make_const("float32", 0.0)).script() == "T.Div(f, T.float32(0.0))"
    assert Add(x, twelve).script() == "x + 12"
