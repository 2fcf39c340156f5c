"""The names of an oracle's script namespaces ``T`` and ``I``, recursively, as plain data
(runs in an oracle venv only, never beside our packages: the import names collide).

    .oracle-venv/bin/python -I scripts/oracle/namespace_tree.py reference > reference.json
    /path/to/apache-venv/bin/python -I scripts/oracle/namespace_tree.py apache > apache.json

``reference`` reads apache-tvm-tirx (``tvm_tirx.script``), ``apache`` reads apache-tvm 0.27
(``tvm.script``). The tree goes into modules, into namespace objects (``T.ptx``: an instance
of a class of the oracle's own package) and into lower-case classes used as namespaces
(``T.axis``); an IR class's methods are not members of a namespace and are left out.
scripts/oracle/record_namespace_tree.py merges the two answers into the frontend's
``recorded_members.json``.
"""

from __future__ import annotations

import importlib
import inspect
import json
import sys
import types
from typing import Any, Dict, Set

ORACLES = {
    "reference": ("apache-tvm-tirx", "tvm_tirx", "tvm_tirx.script"),
    "apache": ("apache-tvm", "tvm", "tvm.script"),
}
MAX_DEPTH = 3


def kind_of(value: Any) -> str:
    if isinstance(value, types.ModuleType):
        return "module"
    if inspect.isclass(value):
        return "class"
    if callable(value):
        return "function"
    return "object"


def _is_namespace(value: Any, kind: str, name: str, package: str) -> bool:
    if kind == "module":
        return value.__name__.split(".")[0] == package
    if kind == "class":
        return name[:1].islower() and value.__module__.split(".")[0] == package
    if kind == "object":
        return type(value).__module__.split(".")[0] == package and \
            not isinstance(value, (int, float, str, bytes))
    return False


def tree(value: Any, package: str, depth: int, seen: Set[int]) -> Dict[str, Any]:
    """``{name: {"kind": ..., "members": {...}}}`` for the public names of ``value``."""
    members: Dict[str, Any] = {}
    for name in sorted(n for n in dir(value) if not n.startswith("_")):
        try:
            member = getattr(value, name)
        except Exception:  # noqa: BLE001 - a lazy member that fails to load is still a name
            members[name] = {"kind": "unloadable"}
            continue
        kind = kind_of(member)
        entry: Dict[str, Any] = {"kind": kind}
        if depth < MAX_DEPTH and id(member) not in seen and \
                _is_namespace(member, kind, name, package):
            entry["members"] = tree(member, package, depth + 1, seen | {id(member)})
        members[name] = entry
    return members


def record(oracle: str) -> Dict[str, Any]:
    distribution, package, script = ORACLES[oracle]
    from importlib import metadata
    out: Dict[str, Any] = {"oracle": f"{distribution} {metadata.version(distribution)}"}
    for alias, module in (("T", "tirx"), ("I", "ir")):
        namespace = getattr(importlib.import_module(script), module)  # `from ... import ir as I`
        out[alias] = tree(namespace, package, 1, {id(namespace)})
    return out


if __name__ == "__main__":
    json.dump(record(sys.argv[1]), sys.stdout, indent=None, sort_keys=True)
    sys.stdout.write("\n")
