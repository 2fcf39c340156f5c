"""Records the reference's (apache-tvm-tirx 0.1.0a4) answers on the ``T.ptx`` cases of
ptx_cases.py: the op each statement calls, its arguments, and the line the reference prints
for it, or the kind of error it raises.

Run from the repository root with the reference oracle venv's Python:

    .oracle-venv/bin/python scripts/oracle/record_ptx.py [--check]

It writes ``tests/oracle_records/ptx.json`` (sorted keys; reruns are byte-identical);
``--check`` writes nothing and exits 1 when the file would change. Ours is checked against it
by tests/python/script/test_ptx_records.py, which needs no oracle.
"""

from __future__ import annotations

import pathlib
import sys
from typing import Any, Dict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from tvm_tirx.script import from_source  # noqa: E402 - the reference (its oracle venv only)

from ptx_cases import CASES, call_answer, error_kind, last_statement_call, program  # noqa: E402
from record_writer import write_record  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "tests" / "oracle_records" / "ptx.json"


def answer(statement: str) -> Dict[str, Any]:
    try:
        func = from_source(program(statement))
    except Exception as exc:  # noqa: BLE001 - every error is an answer
        return {"error": error_kind(exc)}
    return call_answer(last_statement_call(func), func.script().rstrip().splitlines()[-1])


def main(argv: list) -> int:
    return write_record(OUTPUT, {key: answer(text) for key, text in CASES.items()}, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
