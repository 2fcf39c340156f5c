"""Property tests over 10,000 random functions (tests/python/tirx/random_ir.py).

For every seed: independently built copies are equal with equal hashes; alpha-renamed copies
are equal (hashes too); a single-field mutant is unequal and its first mismatch is exactly the
mutated path; printing succeeds and parses with Python's ast once the header brackets are
blanked; map with the identity returns the same object; the function is well-formed.
"""

from __future__ import annotations

import ast
import os
import random
import re
from typing import Any, List, Optional, Tuple

import pytest
from random_ir import RandomFunction

from tvm_ffi import (
    AccessPath,
    DefRegionKind,
    StructuralMutatorView,
    StructuralVisitorView,
    get_first_structural_mismatch,
    structural_equal,
    structural_hash,
    structural_map,
    structural_mutate,
    structural_visit,
)
from tvm_tirx import Add, FloatImm, For, ForKind, IntImm, Sub, analysis
from tvm_tirx.ir import Var

SEEDS = int(os.environ.get("TVM_LSP_PROPERTY_SEEDS", "10000"))
HEADER_BRACKETS = re.compile(r"^(\s*def \w+)\[[^\]]*\]", re.MULTILINE)


class MutationSites:
    """Paths of the nodes a single-field mutation can change, skipping variables' types at
    uses (a use is compared through its definition, never by its type)."""

    def __init__(self) -> None:
        self.sites: List[Tuple[AccessPath, Any]] = []

    def visit_var(self, var: Var, view: StructuralVisitorView) -> Any:
        if view.def_region_kind() == DefRegionKind.NONE:
            return None
        return view.default_visit(var)

    def visit_constant(self, node: IntImm, view: StructuralVisitorView) -> Any:
        self.sites.append((view.path(), node))
        return None

    def visit_float(self, node: FloatImm, view: StructuralVisitorView) -> Any:
        self.sites.append((view.path(), node))
        return None

    def visit_add(self, node: Add, view: StructuralVisitorView) -> Any:
        self.sites.append((view.path(), node))
        return view.default_visit(node)

    def visit_for(self, node: For, view: StructuralVisitorView) -> Any:
        self.sites.append((view.path(), node))
        return view.default_visit(node)


def mutated(node: Any) -> Tuple[Any, Optional[str]]:
    """A replacement differing in one field, and the field whose path the mismatch names
    (None: the node itself differs, as when its type changes)."""
    if isinstance(node, IntImm):
        # A bool constant (a folded comparison) flips; any other integer grows by one.
        changed = 1 - node.value if str(node.ty.dtype) == "bool" else node.value + 1
        return IntImm(node.ty, changed), "value"
    if isinstance(node, FloatImm):
        return FloatImm(node.ty, node.value + 1.5), "value"
    if isinstance(node, Add):
        return Sub(node.a, node.b), None
    other = ForKind.PARALLEL if node.kind != ForKind.PARALLEL else ForKind.UNROLLED
    return (
        For(node.var, node.start, node.end, node.body, node.step, other, "", node.annotations),
        "kind",
    )


def mutate_at(func: Any, target: AccessPath, replacement: Any) -> Any:
    def replace(value: Any, view: StructuralMutatorView) -> Any:
        here = view.path()
        if here == target:
            return replacement
        if not here.is_prefix_of(target):
            return value  # uses of a rebuilt definition follow it (the engine sees to that)
        return view.default_mutate(value)

    return structural_mutate(func, replace)


def check_mutant(func: Any, rng: random.Random) -> bool:
    """Checks one random single-field mutant; False when the function offers no site."""
    finder = MutationSites()
    structural_visit(func, finder)
    sites = [
        (path, node)
        for path, node in finder.sites
        # a bound loop needs its thread tag: changing its kind is not a single-field change
        if not (isinstance(node, For) and node.kind == ForKind.THREAD_BINDING)
    ]
    if not sites:
        return False
    path, node = rng.choice(sites)
    replacement, field = mutated(node)
    mutant = mutate_at(func, path, replacement)
    expected = path if field is None else path.attr(field)
    assert not structural_equal(func, mutant)
    assert get_first_structural_mismatch(func, mutant) == (expected, expected), str(path)
    return True


def check_printing(func: Any) -> None:
    text = func.script()
    blanked = HEADER_BRACKETS.sub(
        lambda m: m.group(1) + " " * (len(m.group(0)) - len(m.group(1))), text
    )
    ast.parse(blanked)


def check_seed(seed: int) -> bool:
    """Checks every property for one seed; returns whether a mutant was checked."""
    generator = RandomFunction(seed)
    func = generator.build()
    again = generator.build()
    renamed = generator.build(suffix="_r")
    assert not func.same_as(again)
    assert structural_equal(func, again)
    assert structural_hash(func) == structural_hash(again)
    assert structural_equal(func, renamed)
    assert structural_hash(func) == structural_hash(renamed)
    assert get_first_structural_mismatch(func, renamed) is None
    assert structural_map(func, lambda value: value).same_as(func)
    assert analysis.check_well_formed(func)
    check_printing(func)
    return check_mutant(func, random.Random(seed))


def test_properties_of_random_functions():
    failures = []
    mutants = 0
    for seed in range(SEEDS):
        try:
            mutants += check_seed(seed)
        except Exception as err:  # collect a few to report them together
            failures.append(f"seed {seed}: {type(err).__name__}: {err}")
            if len(failures) >= 5:
                break
    assert failures == []
    # Functions without a constant, addition or loop (a few percent) have no mutation site.
    assert mutants >= 0.9 * SEEDS


def test_generator_is_deterministic_and_varied():
    texts = {RandomFunction(seed).build().script() for seed in range(50)}
    assert len(texts) == 50
    assert RandomFunction(7).build().script() == RandomFunction(7).build().script()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mutant_paths_are_reported_exactly(seed):
    assert check_mutant(RandomFunction(seed).build(), random.Random(seed))
