"""Python literals beside expressions against the reference's recorded answers (issue 10,
item 1: ours builds the program the reference builds). tests/oracle_records/literals.json holds,
for each operator between a variable and a literal (scripts/oracle/literal_cases.py), the print
and dtype of what apache-tvm-tirx builds (`x + 1` of an int8 `x` is `T.Cast("int32", x) + 1`)
or its error class; scripts/oracle/record_literals.py records it, and no reference is needed
here. Ours must print the same expression of the same dtype (floats compared by value: the
shortest float text is a listed deviation, docs/printer.md), or reject what the reference
rejects (the error classes may differ: ours raises TypeError where the reference's checks raise
RuntimeError). Where ours rejects what the reference builds, the case with each literal replaced
by the dtype the reference gives it (`int32`, `int64`, `float32`, `bool`) must match a pattern of
tests/oracle_records/type_gaps.txt, whose reason says why ours is stricter.
"""

from __future__ import annotations

import fnmatch
import json
import pathlib
import sys

from tvm_tirx import ir
from tvm_tirx.script import tirx as T

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts" / "oracle"))

import literal_cases  # noqa: E402
from test_oracle_folding import _floats_by_value  # noqa: E402
from test_oracle_types import _gaps, _type_text  # noqa: E402

RECORDED = json.loads((ROOT / "tests" / "oracle_records" / "literals.json").read_text("utf-8"))


def _ours(case):
    return literal_cases.answer(T, lambda name, dtype: ir.Var(name, ir.PrimType(dtype)), case,
                                lambda expr: expr.script(), _type_text)


def _literal_dtype(value) -> str:
    """The dtype the reference gives a Python literal."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, float):
        return "float32"
    return "int32" if -2**31 <= value < 2**31 else "int64"


def typed_key(case) -> str:
    """The case's key with each literal replaced by its dtype: a type_gaps.txt pattern's key."""
    op, operands = case
    named = [_literal_dtype(literal_cases.LITERALS[o]) if o in literal_cases.LITERALS else o
             for o in operands]
    return f"{op}({', '.join(named)})"


def _same(reference, ours) -> bool:
    if "error" in reference or "error" in ours:
        return ("error" in reference) == ("error" in ours)
    return (reference["dtype"] == ours["dtype"]
            and _floats_by_value(reference["print"]) == _floats_by_value(ours["print"]))


def differences():
    """Case key -> (the reference's answer, ours), for every case where they differ and ours
    is not a listed stricter gap."""
    gaps = [pattern for pattern, _ in _gaps()]
    found = {}
    for case in literal_cases.cases():
        key = literal_cases.case_key(case)
        reference, ours = RECORDED[key], _ours(case)
        if _same(reference, ours):
            continue
        stricter = "error" in ours and "error" not in reference
        if stricter and any(fnmatch.fnmatchcase(typed_key(case), p) for p in gaps):
            continue
        found[key] = (reference, ours)
    return found


def test_every_case_is_recorded() -> None:
    keys = sorted(literal_cases.case_key(c) for c in literal_cases.cases())
    assert keys == sorted(RECORDED), "rerun scripts/oracle/record_literals.py"


def test_ours_types_literals_as_the_reference_does() -> None:
    found = differences()
    assert not found, f"{len(found)} literal cases differ from the reference:\n" + "\n".join(
        f"  {key}: the reference {ref}, ours {ours}" for key, (ref, ours) in sorted(found.items()))
