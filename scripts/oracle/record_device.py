"""Records apache-tvm 0.27's answers on the cases of device_cases.py: the variables (name,
dtype) and extent types each scope-id statement defines, or the error kind it raises; the dtype
of each tensor-core intrinsic's call; and the calls of ``T.nvshmem`` and ``T.ptx_legacy``
(library_cases.py, COMMON and APACHE; the reference's answers are record_device_reference.py's).

Run from the repository root with the Apache oracle venv's Python (docs/conformance.md):

    /work/oracle-apache/bin/python scripts/oracle/record_device.py [--check]

It writes ``tests/oracle_records/device_scope_ids.json`` (sorted keys; reruns are
byte-identical); ``--check`` writes nothing and exits 1 when the file would change. Ours is
checked against it by tests/python/script/test_oracle_device.py, which needs no oracle.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
import tempfile
from typing import Any, Dict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import tvm  # noqa: E402,F401 - apache-tvm 0.27 (the Apache oracle venv only)

from device_cases import INTRINSICS, cases, definitions_answer, error_kind, program  # noqa: E402
from device_cases import call_answer  # noqa: E402
from library_cases import APACHE, COMMON  # noqa: E402
from tvm.script import tirx as T  # noqa: E402
from record_writer import write_record  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "tests" / "oracle_records" / "device_scope_ids.json"
HEADER = "from tvm.script import tirx as T"


def _load(path: pathlib.Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"device_case_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.kernel


def _scope_id_defs(func: Any) -> list:
    """The definitions in the device region's body (the one statement, or a sequence)."""
    body = func.body.body
    found = []
    for node in getattr(body, "seq", [body]):
        definition = getattr(node, "def", None)
        if type(node).__name__ == "ScopeIdDefStmt" and definition is not None:
            extents = definition.extents
            found.append({
                "vars": [[v.name, str(v.ty.dtype)] for v in definition.def_ids],
                "extents": None if extents is None else [str(e.ty.dtype) for e in extents],
            })
    return found


def answer(folder: pathlib.Path, key: str, statement: str) -> Dict[str, Any]:
    path = folder / (key.replace("/", "__") + ".py")
    path.write_text(program(statement, HEADER), encoding="utf-8")
    try:
        func = _load(path)
    except Exception as exc:  # noqa: BLE001 - every error is an answer
        return {"error": error_kind(str(exc))}
    return definitions_answer(_scope_id_defs(func))


def intrinsic_answer(make: Any) -> Dict[str, Any]:
    handle = tvm.tirx.Var("p", "handle")
    try:
        call = make(T, handle, tvm.tirx.Var("i", "int32"), tvm.tirx.Var("x", "float32"))
    except Exception as exc:  # noqa: BLE001 - every error is an answer
        return {"error": error_kind(f"{type(exc).__name__}: {exc}")}
    return call_answer(call)


def main(argv: list) -> int:
    with tempfile.TemporaryDirectory() as folder:
        record = {key: answer(pathlib.Path(folder), key, statement)
                  for key, statement in cases().items()}
    record.update({f"intrinsic/{name}": intrinsic_answer(make)
                   for name, make in {**INTRINSICS, **COMMON, **APACHE}.items()})
    return write_record(OUTPUT, record, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
