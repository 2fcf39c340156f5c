"""Every printed output of the IR guide (spec/working-with-ir-in-rust.md), reproduced exactly by
building the same IR from Python. examples/ir_guide does the same from C++."""

from __future__ import annotations

import os
import pathlib
import subprocess
from typing import Any, Dict, List

import tvm_ffi
import tvm_tirx
from tvm_ffi import (
    DefRegionKind,
    StructuralMutatorView,
    StructuralVisitorView,
    WalkOrder,
    WalkResult,
    structural_map,
    structural_mutate,
    structural_visit,
    structural_walk,
)
from tvm_tirx import Add, For, Mul, TensorStore, analysis
from tvm_tirx.ir import Expr, Var

REPO = pathlib.Path(__file__).resolve().parents[3]
BUILD = pathlib.Path(os.environ.get("TVM_LSP_BUILD_DIR", REPO / "build"))

SPECIALIZED = """\
from __future__ import annotations

# from tvm_tirx.script import tirx as T

@T.function
def add_one(A: T.Tensor((128,), T.float32), B: T.Tensor((128,), T.float32)):
    for i in range(128):
        B[i] = A[i] + T.float32(1.0)
"""

REVERSED = """\
from __future__ import annotations

# from tvm_tirx.script import tirx as T

@T.function
def add_one[n](A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32)):
    for i in range(n):
        B[n - 1 - i] = A[n - 1 - i] + T.float32(1.0)
"""


def script(node: Any) -> str:
    return node.script()


def x_times_2_plus_1():
    x = Var("x", tvm_tirx.PrimType("int32"))
    return x, x * 2 + 1


def test_construct():
    assert script(x_times_2_plus_1()[1]) == "x * 2 + 1"


def test_objects():
    add = x_times_2_plus_1()[1]
    alias = add
    lines = [f"a = {script(add.a)}", f"b = {script(add.b)}", f"same object: {alias.same_as(add)}"]
    assert lines == ["a = x * 2", "b = 1", "same object: True"]


def test_casts():
    # Python objects always come back as their most-derived class, so the "cast" is isinstance;
    # the cast error text of the guide is checked by the C++ example below.
    _, value = x_times_2_plus_1()
    assert isinstance(value, Add) and not isinstance(value, Mul)
    assert f"back to Add: {script(value)}" == "back to Add: x * 2 + 1"


def describe(expr: Expr) -> str:
    if isinstance(expr, Add):
        return f"({describe(expr.a)} + {describe(expr.b)})"
    if isinstance(expr, Mul):
        return f"({describe(expr.a)} * {describe(expr.b)})"
    if isinstance(expr, Var):
        return expr.name
    if isinstance(expr, tvm_tirx.IntImm):
        return str(expr.value)
    return "<other>"


def test_matching():
    x, expr = x_times_2_plus_1()
    assert [describe(expr), describe(x - 1)] == ["((x * 2) + 1)", "<other>"]


def test_definitions_and_written_tensors(add_one):
    sites: List[str] = []

    def show_definition(var: Var, kind: DefRegionKind) -> WalkResult:
        if kind != DefRegionKind.NONE:
            sites.append(f"{var.name} {kind}")
        return WalkResult.ADVANCE

    structural_walk(add_one.func, show_definition, WalkOrder.PRE_ORDER)
    assert "\n".join(sites) == "A Pattern\nn Pattern\nB Pattern\nn Pattern\ni Simple"

    def find_write(store: TensorStore) -> Any:
        return WalkResult.interrupt_with(store)

    found = structural_walk(add_one.func, find_write, WalkOrder.POST_ORDER)
    assert found.value.dest.name == "B"


def specialize(func: Any, n: Var, value: int) -> Any:
    def specialize_var(var: Var) -> Expr:
        if var.same_as(n):
            return tvm_tirx.make_const(var.ty, value)
        return var

    return structural_map(func, specialize_var, WalkOrder.POST_ORDER)


def test_specialize_prints_the_guides_text(add_one):
    specialized = specialize(add_one.func, add_one.n, 128)
    assert script(specialized) == SPECIALIZED.rstrip("\n")  # print() adds the newline
    assert analysis.check_well_formed(specialized)
    assert specialized.body.body.dest.same_as(specialized.params[1])


def test_compare_specialized(add_one):
    first = specialize(add_one.func, add_one.n, 128)
    second = specialize(add_one.func, add_one.n, 128)
    equal = tvm_ffi.get_global_func("ffi.StructuralEqual")(first, second, False, False)
    assert str([first.same_as(second), equal]) == "[False, True]"


def test_loops_around_writes(add_one):
    loops: List[str] = []
    writes: List[str] = []

    def visit_for(loop: For, visitor: StructuralVisitorView) -> Any:
        loops.append(loop.var.name)
        result = visitor.default_visit(loop)
        loops.pop()
        return result

    def visit_store(store: TensorStore) -> None:
        writes.append(f"{script(store.dest)} inside [{', '.join(loops)}]")

    structural_visit(add_one.func, (visit_for, visit_store))
    assert str(writes) == "['B inside [i]']"


def test_reverse_loops_prints_the_guides_text(add_one):
    reversed_index: Dict[Var, Expr] = {}

    def mutate_for(loop: For, mutator: StructuralMutatorView) -> Any:
        reversed_index[loop.var] = loop.end - 1 - loop.var
        return mutator.default_mutate(loop)

    def mutate_var(var: Var, mutator: StructuralMutatorView) -> Any:
        index = reversed_index.get(var)
        if index is not None and mutator.def_region_kind() == DefRegionKind.NONE:
            return index
        return var

    result = structural_mutate(add_one.func, (mutate_for, mutate_var))
    assert script(result) == REVERSED.rstrip("\n")
    assert analysis.check_well_formed(result)
    assert result.body.body.dest.same_as(result.params[1])


def test_cpp_example_prints_the_same_outputs():
    example = BUILD / "examples" / "ir_guide" / "ir_guide"
    assert example.exists(), f"{example} is not built: run scripts/setup.sh"
    result = subprocess.run([str(example)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    expected = (REPO / "examples" / "ir_guide" / "expected_output.txt").read_text()
    assert result.stdout == expected
    assert SPECIALIZED in expected and REVERSED in expected
