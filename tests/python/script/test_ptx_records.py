"""``T.ptx``'s instruction families against the reference, on the cases of
scripts/oracle/ptx_cases.py (tests/oracle_records/ptx.json, written by
scripts/oracle/record_ptx.py): the op each statement calls, its arguments, the line the
reference prints for it, or the kind of error it raises; and each call ours builds reads back
from its print."""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any, Dict

import pytest
import tvm_ffi

from tvm_tirx.script import from_source
from tvm_tirx.script import tirx as T

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts" / "oracle"))

from ptx_cases import CASES, call_answer, last_statement_call, program  # noqa: E402

RECORD = json.loads((ROOT / "tests/oracle_records/ptx.json").read_text())


def ours(statement: str) -> Dict[str, Any]:
    try:
        func = from_source(program(statement))
    except Exception as exc:  # noqa: BLE001 - the error's kind is the answer
        return {"error": type(exc).__name__}
    return call_answer(last_statement_call(func), func.script().rstrip().splitlines()[-1])


def test_the_record_covers_every_case_and_both_answers() -> None:
    assert sorted(RECORD) == sorted(CASES)
    kinds = {"error" in answer for answer in RECORD.values()}
    assert kinds == {True, False}


@pytest.mark.parametrize("key", sorted(CASES))
def test_a_case_matches_the_reference(key: str) -> None:
    assert ours(CASES[key]) == RECORD[key]


@pytest.mark.parametrize("key", sorted(k for k in CASES if "error" not in RECORD[k]))
def test_a_built_call_reads_back_from_its_print(key: str) -> None:
    func = from_source(program(CASES[key]))
    text = func.script()
    assert tvm_ffi.structural_equal(from_source(text, extra_vars={"T": T}), func), text
