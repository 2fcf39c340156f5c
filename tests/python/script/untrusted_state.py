"""What one untrusted analysis may not change in the process, as data (issue 22, item 2).

Shared by the attack tests (test_untrusted_attacks_*.py) and the grammar fuzzer
(scripts/fuzz_untrusted.py). Three oracles:

- ``snapshot()`` / ``changes(before, after)``: every global of the frontend's modules
  (``tvm_tirx*``, ``tvm_ffi*``) and of ``builtins``, every attribute in the ``__dict__`` of the
  objects those globals hold (classes, functions, sub-namespaces), and the registries as plain
  data. A rebound or deleted entry, or any new entry named ``MARKER``, is a change. New entries
  of other names are not: the namespaces make vector types on demand and may keep them.
- ``PROBES`` / ``probe_reports()``: documents whose reports depend on the namespaces, the
  builtins and the registries; after an attack their ``to_plain()`` must equal a fresh
  process's byte for byte.
- ``MARKER``: the attribute name attacks store (``{MARKER}`` in an attack's text).

Only identities are compared (``id`` of each value), so a snapshot costs a few milliseconds.
"""

from __future__ import annotations

import builtins
import json
import sys
from typing import Any, Dict, List, Tuple

MARKER = "tvm_attack_marker"
"""The attribute an attack sets when a store gets through (``{MARKER}`` in its text)."""

_WATCHED_PREFIXES = ("tvm_tirx", "tvm_ffi")

Snapshot = Dict[str, Any]


def _watched_modules() -> List[Tuple[str, Any]]:
    return sorted((name, module) for name, module in list(sys.modules.items())
                  if module is not None and (name == "builtins"
                                             or name.startswith(_WATCHED_PREFIXES)))


def _entries(owner: Any) -> Dict[str, int]:
    try:
        table = vars(owner)
    except TypeError:
        return {}
    return {str(key): id(value) for key, value in list(table.items())}


def _registries() -> str:
    """The registries of namespaces, definition kinds and annotations as one JSON string."""
    from tvm_tirx.script.parser import namespaces, protocol_registry

    data = {
        "aliases": namespaces.registered_aliases(initialize=False),
        "definition_kinds": {k: str(v) for k, v in protocol_registry.DEFINITION_KIND.items()},
        "scalars": protocol_registry.scalar_annotations(),
        "mutable": {k: list(v) for k, v in protocol_registry.mutable_decls().items()},
        "version": namespaces.version(),
    }
    return json.dumps(data, sort_keys=True, default=str)


def snapshot() -> Snapshot:
    """The identities of every watched global and attribute, and the registries' data."""
    objects: Dict[str, Dict[str, int]] = {}
    for name, module in _watched_modules():
        table = _entries(module)
        objects[name] = table
        for key, value in list(vars(module).items()):
            if isinstance(value, type(builtins)):
                continue  # a module is watched under its own name
            inner = _entries(value)
            if inner:
                objects[f"{name}.{key}"] = inner
    return {"objects": objects, "registries": _registries()}


def changes(before: Snapshot, after: Snapshot) -> List[str]:
    """What ``after`` changed of ``before``: rebound, deleted and marker entries."""
    found = []
    for owner, table in before["objects"].items():
        now = after["objects"].get(owner)
        if now is None:
            continue  # a module dropped from sys.modules keeps its objects alive elsewhere
        for key, identity in table.items():
            if key not in now:
                found.append(f"{owner}.{key} deleted")
            elif now[key] != identity:
                found.append(f"{owner}.{key} rebound")
    for owner, table in after["objects"].items():
        if MARKER in table:
            found.append(f"{owner}.{MARKER} set")
    if MARKER in dir(builtins):
        found.append(f"builtins.{MARKER} set")
    if before["registries"] != after["registries"]:
        found.append(f"registries changed: {before['registries']} -> {after['registries']}")
    return found


T_HEADER = "from tvm_tirx.script import tirx as T\n"

PROBES: Tuple[Tuple[str, str], ...] = (
    ("probe_types.py", T_HEADER + '''

@T.macro
def store(A, i, v):
    A[i] = v


@T.function
def typed(A: T.Tensor((8,), T.int32), B: T.Tensor((8,), T.float16)):
    for i in range(len([1, 2, 3, 4])):
        A[i] = T.int32(i) + min(2, 3) * max(1, 0)
        B[i] = T.float16(1.5)
    for j in T.serial(4):
        store(A, j + 4, abs(-2))
    x = sum([k for k in range(3)])
    A[0] = x
'''),
    ("probe_stir.py", '''from tvm_tirx.script import s_tir as Ts


@Ts.prim_func
def doubled(A: Ts.Buffer((4, 4), "float32"), B: Ts.Buffer((4, 4), "float32")):
    for i, j in Ts.grid(4, 4):
        B[i, j] = A[i, j] * Ts.float32(2) + Ts.max(A[j, i], Ts.float32(0))
'''),
    ("probe_module.py", T_HEADER + '''from tvm_tirx.script import ir as I


@I.ir_module
class Module:
    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        for i in T.unroll(4):
            A[i] = T.Cast("int32", T.float32(i))

    @T.function
    def second(n: T.int32, A: T.Tensor((4,), T.int64)):
        A[0] = T.int64(n) + T.int64(1)
'''),
    ("probe_errors.py", T_HEADER + '''

@T.function
def broken(A: T.Tensor((4,), T.int32)):
    A[0] = T.float16(1) + undefined_name
    B = open("/nonexistent", "w")
'''),
)
"""(file name, text) of the probe documents; the last one holds the refusals a clean
process reports, so a changed refusal shows too."""


def probe_reports() -> List[str]:
    """Each probe's ``to_plain()`` as canonical JSON, in this process."""
    from tvm_tirx.script import parse_diagnostics

    return [json.dumps(parse_diagnostics(text, source_name=name).to_plain(), sort_keys=True)
            for name, text in PROBES]


__all__ = ["MARKER", "PROBES", "Snapshot", "changes", "probe_reports", "snapshot"]
