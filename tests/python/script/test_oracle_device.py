"""Ours against apache-tvm 0.27 on the cases of scripts/oracle/device_cases.py: the variables
and extent types each scope-id statement defines, or the kind of error it raises, and the type of
each tensor-core intrinsic's call
(tests/oracle_records/device_scope_ids.json, written by scripts/oracle/record_device.py); and
against both oracles on the ``T.nvshmem`` and ``T.ptx_legacy`` cases of library_cases.py (the
reference's in tests/oracle_records/device_reference.json, record_device_reference.py)."""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any, Dict

import pytest

from tvm_tirx.script import from_source

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts" / "oracle"))

from device_cases import INTRINSICS, call_answer, cases, definitions_answer, program  # noqa: E402
from library_cases import APACHE, COMMON, KNOWN_DEVIATIONS, REFERENCE  # noqa: E402
from tvm_tirx import ir  # noqa: E402
from tvm_tirx.script import tirx as T  # noqa: E402

RECORD = json.loads((ROOT / "tests/oracle_records/device_scope_ids.json").read_text())
REFERENCE_RECORD = json.loads((ROOT / "tests/oracle_records/device_reference.json").read_text())
HEADER = "from tvm.script import tirx as T"


def ours(statement: str) -> Dict[str, Any]:
    try:
        func = from_source(program(statement, HEADER))
    except Exception as exc:  # noqa: BLE001 - the error's kind is the answer
        return {"error": type(exc).__name__}
    body = func.body.body
    found = [{"vars": [[v.name, str(v.ty.dtype)] for v in node.vars],
              "extents": None if node.extents is None else
              [str(e.ty.dtype) for e in node.extents]}
             for node in getattr(body, "seq", [body]) if type(node).__name__ == "ScopeIdDef"]
    return definitions_answer(found)


def test_the_record_covers_every_case() -> None:
    assert sorted(RECORD) == sorted([*cases(), *(f"intrinsic/{name}" for name in
                                                 [*INTRINSICS, *COMMON, *APACHE])])
    assert sorted(REFERENCE_RECORD) == sorted([*COMMON, *REFERENCE])


@pytest.mark.parametrize("name", sorted(INTRINSICS))
def test_a_tensor_core_intrinsic_has_apache_tvm_s_type(name: str) -> None:
    call = INTRINSICS[name](T, ir.Var("p", T.handle), ir.Var("i", "int32"),
                            ir.Var("x", "float32"))
    assert call_answer(call) == RECORD[f"intrinsic/{name}"]


@pytest.mark.parametrize("key", sorted(cases()))
def test_a_scope_id_case_matches_apache_tvm(key: str) -> None:
    expected = RECORD[key]
    if key == "thread_id/bare_statement/None":
        # Apache TVM leaves the variable of a bare statement unnamed (its printer shows `v`);
        # ours names it `v`, so that the print reads back with the same name.
        expected = {**expected, "vars": [["v", dtype] for _, dtype in expected["vars"]]}
    assert ours(cases()[key]) == expected


def library_answer(name: str) -> Dict[str, Any]:
    make = {**COMMON, **APACHE, **REFERENCE}[name]
    try:
        call = make(T, ir.Var("p", T.handle), ir.Var("i", "int32"), ir.Var("x", "float32"))
    except Exception as exc:  # noqa: BLE001 - the error's kind is the answer
        return {"error": type(exc).__name__}
    return call_answer(call)


@pytest.mark.parametrize("oracle, name", [
    *(("apache", name) for name in sorted([*COMMON, *APACHE])),
    *(("reference", name) for name in sorted([*COMMON, *REFERENCE])),
])
def test_a_library_call_has_the_oracle_s_types(oracle: str, name: str) -> None:
    recorded = (RECORD[f"intrinsic/{name}"] if oracle == "apache" else REFERENCE_RECORD[name])
    expected = KNOWN_DEVIATIONS.get(f"{oracle}/{name}", recorded)
    assert library_answer(name) == expected


def test_each_known_deviation_is_one_from_a_record() -> None:
    for key, ours in KNOWN_DEVIATIONS.items():
        oracle, name = key.split("/", 1)
        recorded = RECORD[f"intrinsic/{name}"] if oracle == "apache" else REFERENCE_RECORD[name]
        assert recorded != ours, key
