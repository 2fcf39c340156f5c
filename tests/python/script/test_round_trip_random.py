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


def test_literal_only_operations_print_typed_so_python_does_not_fold_them() -> None:
    from tvm_tirx import LT, Add, make_const

    zero, twelve = make_const("int32", 0), make_const("int32", 12)
    assert LT(zero, twelve).script() == "T.int32(0) < 12"
    assert Add(zero, twelve).script() == "T.int32(0) + 12"
