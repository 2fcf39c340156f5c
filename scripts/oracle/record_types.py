"""Records the reference's type rules: for each case of type_cases.py (an operator of ``T`` and
a combination of operand dtypes), the node class and result dtype it builds, or its error class.

Run from the repository root with the oracle venv's Python (docs/conformance.md):

    .oracle-venv/bin/python scripts/oracle/record_types.py [--check]

It writes ``tests/oracle_records/types.json`` (keys sorted, so reruns are byte-identical);
``--check`` writes nothing and exits 1 when the file would change. Ours is checked against it by
tests/python/script/test_oracle_types.py, which needs no reference.
"""

from __future__ import annotations

import pathlib
import sys
from typing import Any, Dict, List

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from tvm_tirx import ir, tirx  # noqa: E402 - the reference's package (oracle venv only)
from tvm_tirx.script import tirx as T  # noqa: E402

from record_writer import write_record  # noqa: E402,F401 - record_literals/folding import it here
from type_cases import answer, case_key, cases  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "tests" / "oracle_records" / "types.json"


def _make_var(name: str, dtype: Any) -> Any:
    """A variable of a dtype name, or of a type (a tensor's)."""
    return tirx.Var(name, ir.PrimType(dtype) if isinstance(dtype, str) else dtype)


def _type_text(expr: Any) -> str:
    return str(expr.ty)


def type_record() -> Dict[str, Dict[str, str]]:
    """Every case's key and the reference's answer."""
    return {case_key(c): answer(T, _make_var, c, _type_text) for c in cases()}


def main(argv: List[str]) -> int:
    return write_record(OUTPUT, type_record(), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
