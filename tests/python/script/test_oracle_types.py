"""The type rules of ``T``'s operators against the reference's recorded answers (issue 10,
item 6): tests/oracle_records/types.json holds, for each operator and combination of operand
dtypes (scripts/oracle/type_cases.py), the node class and result dtype apache-tvm-tirx builds,
or its error class (scripts/oracle/record_types.py records it; no reference is needed here).

Ours must build the same node of the same dtype, or reject what the reference rejects. Where
ours deliberately differs (mostly: it rejects what the reference converts implicitly), the
case matches a pattern of tests/oracle_records/type_gaps.txt with its reason; a pattern that
no longer matches a difference fails too, so the list only shrinks.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import json
import pathlib
import sys
from typing import Dict, List, Tuple

from tvm_tirx import ir
from tvm_tirx.script import tirx as T

ROOT = pathlib.Path(__file__).resolve().parents[3]
RECORDS = ROOT / "tests" / "oracle_records"


def _load_cases():
    spec = importlib.util.spec_from_file_location(
        "oracle_type_cases", ROOT / "scripts" / "oracle" / "type_cases.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


type_cases = _load_cases()


def _gaps() -> List[Tuple[str, str]]:
    """(pattern, reason) per ``PATTERN | REASON`` line of type_gaps.txt (``#`` comments and
    blank lines skipped)."""
    rows = []
    for line in (RECORDS / "type_gaps.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            pattern, _, reason = line.partition(" | ")
            rows.append((pattern, reason.strip()))
    return rows


def _type_text(expr) -> str:
    """As the reference's ``str(expr.ty)``: ``int32`` for a primitive type, ``""`` for void (the
    reference's dtype text of ``T.void``)."""
    if not isinstance(expr.ty, ir.PrimType):
        return str(expr.ty)
    return "" if str(expr.ty.dtype) == "void" else str(expr.ty.dtype)


def _ours(case) -> Dict[str, str]:
    return type_cases.answer(T, _make_var, case, _type_text)


def _make_var(name: str, dtype):
    """A variable of a dtype name, or of a type (a tensor's)."""
    return ir.Var(name, ir.PrimType(dtype) if isinstance(dtype, str) else dtype)


def _differences() -> Tuple[Dict[str, str], Dict[str, str]]:
    """Case key -> how ours differs: the cases ours rejects though the reference builds them
    (a listed gap may cover these), and the cases where ours builds something else or accepts
    what the reference rejects (never a gap)."""
    recorded = json.loads((RECORDS / "types.json").read_text(encoding="utf-8"))
    stricter: Dict[str, str] = {}
    wrong: Dict[str, str] = {}
    for case in type_cases.cases():
        key = type_cases.case_key(case)
        reference, ours = recorded[key], _ours(case)
        if "error" in reference and "error" not in ours:
            wrong[key] = f"the reference raises {reference['error']}, ours builds {ours}"
        elif "error" not in reference and "error" in ours:
            stricter[key] = f"the reference builds {reference}, ours raises {ours['error']}"
        elif "error" not in reference and ours != reference:
            wrong[key] = f"the reference builds {reference}, ours {ours}"
    return stricter, wrong


STRICTER, WRONG = _differences()
GAPS = _gaps()


def test_every_case_is_recorded() -> None:
    recorded = json.loads((RECORDS / "types.json").read_text(encoding="utf-8"))
    keys = [type_cases.case_key(c) for c in type_cases.cases()]
    assert sorted(keys) == sorted(recorded), "rerun scripts/oracle/record_types.py"


def test_no_type_result_differs_from_the_reference() -> None:
    assert not WRONG, "ours builds another type than the reference:\n" + "\n".join(
        f"  {key}: {why}" for key, why in sorted(WRONG.items()))


def test_every_rejection_the_reference_accepts_is_a_listed_gap() -> None:
    unlisted = [f"  {key}: {why}" for key, why in sorted(STRICTER.items())
                if not any(fnmatch.fnmatchcase(key, pattern) for pattern, _ in GAPS)]
    assert not unlisted, ("type results differ from the reference (fix the rule, or add a "
                          "pattern with its reason to type_gaps.txt):\n" + "\n".join(unlisted))


def test_every_listed_type_gap_still_differs() -> None:
    gone = [pattern for pattern, _ in GAPS
            if not any(fnmatch.fnmatchcase(key, pattern) for key in STRICTER)]
    assert not gone, f"type_gaps.txt patterns that match no difference any more: {gone}"


def test_every_type_gap_has_a_reason() -> None:
    assert all(reason for _, reason in GAPS), "each type_gaps.txt line needs a reason"
