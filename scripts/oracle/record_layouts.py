"""Records what the reference (apache-tvm-tirx) prints for each layout case of layout_cases.py,
or the kind of error it raises.

Run from the repository root with the reference oracle venv's Python:

    .oracle-venv/bin/python scripts/oracle/record_layouts.py [--check]

It writes ``tests/oracle_records/layouts.json`` (sorted keys; reruns are byte-identical);
``--check`` writes nothing and exits 1 when the file would change. Ours is checked against it by
tests/python/script/test_oracle_layouts.py, which needs no oracle.
"""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from layout_cases import CASES, answer  # noqa: E402
from record_writer import write_record  # noqa: E402
from tvm_tirx.script import tirx as T  # noqa: E402 - the reference (its oracle venv only)

OUTPUT = pathlib.Path(__file__).resolve().parents[2] / "tests" / "oracle_records" / "layouts.json"


def main(argv: list) -> int:
    return write_record(OUTPUT, {name: answer(T, text) for name, text in CASES.items()}, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
