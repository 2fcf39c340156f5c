"""Layouts against the reference's recorded answers (tests/oracle_records/layouts.json, written
by scripts/oracle/record_layouts.py from scripts/oracle/layout_cases.py): each case prints as
the reference prints it, or fails with the same kind of error."""

from __future__ import annotations

import json
import pathlib
import sys

import pytest

from tvm_tirx.script import tirx as T

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts" / "oracle"))

from layout_cases import CASES, answer  # noqa: E402

RECORD = json.loads((ROOT / "tests" / "oracle_records" / "layouts.json").read_text("utf-8"))


def test_the_record_covers_every_case() -> None:
    assert sorted(RECORD) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_case_is_the_reference_answer(name: str) -> None:
    assert answer(T, CASES[name]) == RECORD[name]
