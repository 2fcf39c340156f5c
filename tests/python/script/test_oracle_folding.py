"""Folding at build time against the reference's recorded answers (issue 10, item 1: ours
builds the program the reference builds). tests/oracle_records/folding.json holds, for each
operator between two constants or variables (scripts/oracle/fold_cases.py), the print of what
apache-tvm-tirx builds (`T.float32(2) / T.float32(4)` is `T.float32(0.5)`, `x * 1` is `x`) or
its error class; scripts/oracle/record_folding.py records it, and no reference is needed here.

Ours must print the same expression (floats compared by value: the shortest float text is a
listed deviation, docs/printer.md), or reject what the reference rejects. Where ours rejects
what the reference builds, the case's operand types must be a listed type gap
(tests/oracle_records/type_gaps.txt): the type rules decide, not the folding.
"""

from __future__ import annotations

import fnmatch
import json
import pathlib
import re
import sys

import pytest

from tvm_tirx import ir
from tvm_tirx.script import tirx as T

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts" / "oracle"))

import fold_cases  # noqa: E402

RECORDED = json.loads((ROOT / "tests" / "oracle_records" / "folding.json").read_text("utf-8"))
# A NaN's sign is no value either: the reference prints inf - inf as "-nan", ours as "nan".
_FLOAT = re.compile(r"T\.(float16|float32|float64)\(([-+0-9.e]+|\"-?inf\"|\"-?nan\")\)")


def _floats_by_value(text: str) -> str:
    return _FLOAT.sub(lambda m: f"{m.group(1)}<{float(m.group(2).strip(chr(34)))!r}>", text)


def _type_gaps():
    lines = (ROOT / "tests" / "oracle_records" / "type_gaps.txt").read_text("utf-8").splitlines()
    return [line.partition(" | ")[0].strip() for line in lines
            if line.strip() and not line.startswith("#")]


def _ours(case):
    return fold_cases.answer(T, lambda name, dtype: ir.Var(name, ir.PrimType(dtype)), case,
                             lambda expr: expr.script())


def _differences():
    gaps = _type_gaps()
    wrong, unlisted = {}, {}
    for case in fold_cases.cases():
        key = fold_cases.case_key(case)
        reference, ours = RECORDED[key], _ours(case)
        if "error" in reference and "error" in ours:
            continue
        if "error" in reference:
            wrong[key] = f"the reference raises {reference['error']}, ours builds {ours['print']}"
        elif "error" in ours:
            op, left, right = case
            typed = f"{op}({fold_cases.ATOMS[left][0]}, {fold_cases.ATOMS[right][0]})"
            if not any(fnmatch.fnmatchcase(typed, pattern) for pattern in gaps):
                unlisted[key] = f"the reference builds {reference['print']}, ours raises"
        elif _floats_by_value(reference["print"]) != _floats_by_value(ours["print"]):
            wrong[key] = f"the reference builds {reference['print']}, ours {ours['print']}"
    return wrong, unlisted


WRONG, UNLISTED = _differences()


def test_every_case_is_recorded() -> None:
    keys = sorted(fold_cases.case_key(c) for c in fold_cases.cases())
    assert keys == sorted(RECORDED), "rerun scripts/oracle/record_folding.py"


def test_ours_folds_as_the_reference_does() -> None:
    assert not WRONG, "ours builds another expression than the reference:\n" + "\n".join(
        f"  {key}: {why}" for key, why in sorted(WRONG.items()))


def test_every_rejection_is_a_listed_type_gap() -> None:
    assert not UNLISTED, "ours rejects, unlisted in type_gaps.txt:\n" + "\n".join(
        f"  {key}: {why}" for key, why in sorted(UNLISTED.items()))


@pytest.mark.parametrize("build, message", [
    (lambda x: x // 0, "Operator `//` divides by the constant zero"),
    (lambda x: x % 0, "Operator `%` divides by the constant zero"),
    (lambda x: T.truncdiv(x, 0), "Operator `truncdiv` divides by the constant zero"),
    (lambda x: T.float32(1) / T.float32(0), "Operator `/` divides by the constant zero"),
    (lambda x: x << -1, "Operator `<<` shifts by -1, outside 0..31 for `int32`"),
    (lambda x: x >> 32, "Operator `>>` shifts by 32, outside 0..31 for `int32`"),
])
def test_a_constant_zero_divisor_or_wild_shift_is_an_error_naming_the_operator(build, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        build(ir.Var("x", ir.PrimType("int32")))


def test_a_fold_that_would_overflow_keeps_its_node_and_prints_it_raw() -> None:
    node = T.int32(2147483647) + 1
    assert isinstance(node, type(T.Add(1, 2)))
    assert node.script() == "T.Add(2147483647, 1)"
    # A raw constructor never folds: the print reads back as built.
    assert T.Add(2, 3).script() == "T.Add(2, 3)"
    assert (T.int32(2) + 3).script() == "5"
