"""Records the reference's (apache-tvm-tirx 0.1.0a4) answers on the ``T.nvshmem`` and
``T.ptx_legacy`` cases of library_cases.py (COMMON and REFERENCE): each call's type and its
arguments' types, or the kind of error it raises.

Run from the repository root with the reference oracle venv's Python:

    .oracle-venv/bin/python scripts/oracle/record_device_reference.py [--check]

It writes ``tests/oracle_records/device_reference.json`` (sorted keys; reruns are
byte-identical); ``--check`` writes nothing and exits 1 when the file would change. Ours is
checked against it by tests/python/script/test_oracle_device.py, which needs no oracle.
"""

from __future__ import annotations

import pathlib
import sys
from typing import Any, Dict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from tvm_tirx import ir  # noqa: E402 - the reference (its oracle venv only)
from tvm_tirx.script import tirx as T  # noqa: E402

from device_cases import call_answer, error_kind  # noqa: E402
from library_cases import COMMON, REFERENCE  # noqa: E402
from record_writer import write_record  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "tests" / "oracle_records" / "device_reference.json"


def answer(make: Any) -> Dict[str, Any]:
    pointer = ir.Var("p", ir.PtrType(ir.PrimType("void")))
    try:
        call = make(T, pointer, ir.Var("i", "int32"), ir.Var("x", "float32"))
    except Exception as exc:  # noqa: BLE001 - every error is an answer
        return {"error": error_kind(f"{type(exc).__name__}: {exc}")}
    return call_answer(call)


def main(argv: list) -> int:
    record = {name: answer(make) for name, make in {**COMMON, **REFERENCE}.items()}
    return write_record(OUTPUT, record, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
