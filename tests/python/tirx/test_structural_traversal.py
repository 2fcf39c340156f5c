"""structural_walk / map / visit / mutate from Python: the guide's examples and the rules."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

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
from tvm_tirx import Add, For, Function, IntImm, Sub, TensorLoad, TensorStore, While
from tvm_tirx.ir import Expr, Var


def x_times_2_plus_1():
    x = Var("x", tvm_tirx.PrimType("int32"))
    return x, x * 2 + 1


class Counter:
    """The guide's dispatcher: walk_* methods selected by their parameter's class."""

    def __init__(self) -> None:
        self.vars = 0
        self.adds = 0

    def walk_var(self, _var: Var, _kind: DefRegionKind) -> WalkResult:
        self.vars += 1
        return WalkResult.ADVANCE

    def walk_add(self, _add: Add) -> WalkResult:
        self.adds += 1
        return WalkResult.ADVANCE


def test_dispatcher_counts_variables_and_additions():
    _, expr = x_times_2_plus_1()
    counter = Counter()
    structural_walk(expr, counter, WalkOrder.PRE_ORDER)
    assert f"variables: {counter.vars}, additions: {counter.adds}" == "variables: 1, additions: 1"


def test_written_tensors(add_one):
    writes: List[str] = []

    def on_store(store: TensorStore) -> WalkResult:
        writes.append(store.dest.name)
        return WalkResult.ADVANCE

    structural_walk(add_one.func, on_store, WalkOrder.POST_ORDER)
    assert writes == ["B"]


def test_interrupt_with_returns_the_first_write(add_one):
    def find_write(store: TensorStore) -> Any:
        return WalkResult.interrupt_with(store)

    found = structural_walk(add_one.func, find_write, WalkOrder.POST_ORDER)
    assert found is not None
    assert found.value.dest.name == "B"
    assert found.value.same_as(add_one.func.body.body)

    def never(_loop: While) -> WalkResult:
        return WalkResult.INTERRUPT

    assert structural_walk(add_one.func, never) is None


def test_definition_sites(add_one):
    sites: List[str] = []

    def show_definition(var: Var, kind: DefRegionKind) -> WalkResult:
        if kind != DefRegionKind.NONE:
            sites.append(f"{var.name} {kind}")
        return WalkResult.ADVANCE

    structural_walk(add_one.func, show_definition, WalkOrder.PRE_ORDER)
    assert sites == ["A Pattern", "n Pattern", "B Pattern", "n Pattern", "i Simple"]


def test_skip_and_interrupt_codes(add_one):
    seen: List[str] = []

    def skip_loops(_loop: For) -> WalkResult:
        return WalkResult.SKIP

    def record(var: Var) -> WalkResult:
        seen.append(var.name)
        return WalkResult.ADVANCE

    structural_walk(add_one.func, (skip_loops, record))
    assert seen == ["A", "n", "B", "n"]


def test_unannotated_callback_sees_every_value():
    x, _ = x_times_2_plus_1()
    seen: List[str] = []
    structural_walk(x + 1, lambda value: seen.append(type(value).__name__))
    assert seen[:2] == ["Add", "PrimType"]
    assert "Var" in seen and "IntImm" in seen


def test_specialize_keeps_definitions_and_uses_consistent(add_one):
    n = add_one.n

    def specialize_var(var: Var) -> Expr:
        if var.same_as(n):
            return tvm_tirx.make_const(var.ty, 128)
        return var

    specialized = structural_map(add_one.func, specialize_var, WalkOrder.POST_ORDER)
    assert isinstance(specialized, Function)
    new_b = specialized.params[1]
    assert not new_b.same_as(add_one.B)
    assert new_b.ty.shape[0].value == 128
    assert specialized.body.end.value == 128
    assert specialized.body.body.dest.same_as(new_b)
    assert specialized.body.body.value.a.source.same_as(specialized.params[0])
    # Python still holds add_one, unchanged.
    assert add_one.func.params[1].same_as(add_one.B)
    assert add_one.B.ty.shape[0].same_as(n)


def test_map_with_identity_returns_the_same_object(add_one):
    assert structural_map(add_one.func, lambda e: e).same_as(add_one.func)
    assert structural_map(add_one.func, lambda e: None, WalkOrder.PRE_ORDER).same_as(add_one.func)


class LoopNest:
    """The guide's visitor: the loops around each write."""

    def __init__(self) -> None:
        self.loops: List[str] = []
        self.writes: List[str] = []

    def visit_for(self, loop: For, visitor: StructuralVisitorView) -> Any:
        self.loops.append(loop.var.name)
        result = visitor.default_visit(loop)
        self.loops.pop()
        return result

    def visit_store(self, store: TensorStore) -> None:
        self.writes.append(f"{store.dest.name} inside [{', '.join(self.loops)}]")


def test_loops_around_writes(add_one):
    visitor = LoopNest()
    structural_visit(add_one.func, visitor)
    assert visitor.loops == []
    assert visitor.writes == ["B inside [i]"]


def test_visitor_view_path_and_kind(add_one):
    places: List[str] = []

    def on_var(var: Var, view: StructuralVisitorView) -> None:
        places.append(f"{var.name} {view.def_region_kind()} {view.path()}")

    structural_visit(add_one.func, on_var)
    assert places[0] == "A Pattern <root>.params[0]"
    assert places[2] == "i Simple <root>.body.var"
    assert places[-1] == "i None <root>.body.body.value.a.indices[0]"


def test_view_outside_its_callback_is_refused(add_one):
    kept: List[StructuralVisitorView] = []

    def keep(loop: For, view: StructuralVisitorView) -> None:
        kept.append(view)

    structural_visit(add_one.func, keep)
    with pytest.raises(ValueError, match="only valid inside the visit callback"):
        kept[0].default_visit(add_one.func.body)


class ReverseLoops:
    """The guide's mutator: replace each use of a loop variable i by end - 1 - i."""

    def __init__(self) -> None:
        # Objects hash and compare by identity, as the guide's ObjectIdentity keys.
        self.reversed_index: Dict[Var, Expr] = {}

    def mutate_for(self, loop: For, mutator: StructuralMutatorView) -> Any:
        self.reversed_index[loop.var] = loop.end - 1 - loop.var
        return mutator.default_mutate(loop)

    def mutate_var(self, var: Var, mutator: StructuralMutatorView) -> Any:
        index = self.reversed_index.get(var)
        if index is not None and mutator.def_region_kind() == DefRegionKind.NONE:
            return index
        return var


def test_reverse_loops(add_one):
    result = structural_mutate(add_one.func, ReverseLoops())
    loop = result.body
    assert loop.var.same_as(add_one.i)
    store = loop.body
    index = store.indices[0]
    assert isinstance(index, Sub) and index.b.same_as(add_one.i)
    assert isinstance(index.a, Sub) and index.a.a.same_as(add_one.n) and index.a.b.value == 1
    assert isinstance(store.value.a, TensorLoad)
    assert store.value.a.indices[0].same_as(index)
    assert store.dest.same_as(add_one.B)


def test_bad_callbacks_are_refused(add_one):
    with pytest.raises(TypeError, match="not an FFI object class"):

        def wrong(value: int) -> WalkResult:
            return WalkResult.ADVANCE

        structural_walk(add_one.func, wrong)
    with pytest.raises(TypeError, match="must return a WalkResult"):
        structural_walk(add_one.func, lambda value: "advance")
    with pytest.raises(TypeError, match="expected a callable"):
        structural_walk(add_one.func, object())
    with pytest.raises(TypeError, match="positional parameters"):
        structural_walk(add_one.func, lambda: None)


def test_errors_in_callbacks_propagate(add_one):
    def boom(_store: TensorStore) -> WalkResult:
        raise KeyError("inside the callback")

    with pytest.raises(KeyError, match="inside the callback"):
        structural_walk(add_one.func, boom)


def test_replacement_that_does_not_fit_is_a_type_error(add_one):
    def replace_loop_var(var: Var, kind: DefRegionKind) -> Any:
        if kind == DefRegionKind.SIMPLE:
            return IntImm(tvm_tirx.PrimType("int32"), 0)
        return var

    with pytest.raises(TypeError):
        structural_map(add_one.func, replace_loop_var)


def test_deep_nesting_raises_recursion_error():
    x = Var("x", tvm_tirx.PrimType("int32"))
    expr = x
    for _ in range(100000):
        expr = Add(expr, x)
    with pytest.raises(RecursionError, match="nested too deeply"):
        structural_walk(expr, lambda v: WalkResult.ADVANCE)
