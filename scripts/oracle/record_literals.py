"""Records the reference's typing of Python literals: for each case of literal_cases.py (an
operator between a variable and a literal), the print and dtype of the expression it builds,
or its error class.

Run from the repository root with the oracle venv's Python (docs/conformance.md):

    .oracle-venv/bin/python scripts/oracle/record_literals.py [--check]

It writes ``tests/oracle_records/literals.json``; ours is checked against it by
tests/python/script/test_oracle_literals.py, which needs no reference.
"""

from __future__ import annotations

import pathlib
import sys
from typing import Dict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from tvm_tirx.script import tirx as T  # noqa: E402 - the reference's package (oracle venv only)

from literal_cases import answer, case_key, cases  # noqa: E402
from record_types import ROOT, _make_var, _type_text, write_record  # noqa: E402

OUTPUT = ROOT / "tests" / "oracle_records" / "literals.json"


def literal_record() -> Dict[str, Dict[str, str]]:
    return {case_key(c): answer(T, _make_var, c, lambda e: e.script(), _type_text)
            for c in cases()}


if __name__ == "__main__":
    sys.exit(write_record(OUTPUT, literal_record(), sys.argv[1:]))
