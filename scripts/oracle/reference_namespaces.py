"""The members of the reference's script namespaces ``T`` (tirx) and ``I`` (ir), with their kind
and signature, as plain data (runs in the oracle venv only)."""

from __future__ import annotations

import inspect
import re
import types
from typing import Any, Dict, List

from namespace_tree import kind_of as plain_kind_of  # scripts/oracle is on the path
from tvm_tirx.ir import PrimType
from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T

NAMESPACES = {"T": T, "I": I}
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def kind_of(value: Any) -> str:
    """One word for what a member is: dtype, module, class, function, or object."""
    if isinstance(value, PrimType):
        return "dtype"
    return plain_kind_of(value)


def defined_in(value: Any) -> str:
    """The module that defines a member (its own name for a module), which tells a device
    backend's member (``tvm_tirx.backend.cuda...``) from the core ones."""
    if isinstance(value, types.ModuleType):
        return value.__name__
    module = getattr(value, "__module__", None)
    return module if isinstance(module, str) else type(value).__module__


def signature_of(value: Any, kind: str) -> str:
    """``inspect.signature`` text for functions and classes ("" where there is none)."""
    if kind not in ("function", "class"):
        return ""
    try:
        return _ADDRESS.sub("", str(inspect.signature(value)))
    except (TypeError, ValueError):
        return ""


def members(namespace: Any) -> List[Dict[str, str]]:
    """Every public member of ``namespace`` (names not starting with ``_``), sorted by name."""
    rows = []
    for name in sorted(n for n in dir(namespace) if not n.startswith("_")):
        value = getattr(namespace, name)
        kind = kind_of(value)
        rows.append({"name": name, "kind": kind, "module": defined_in(value),
                     "signature": signature_of(value, kind)})
    return rows


def namespace_record() -> Dict[str, List[Dict[str, str]]]:
    """``{"I": [...], "T": [...]}``: the members of both namespaces."""
    return {alias: members(namespace) for alias, namespace in sorted(NAMESPACES.items())}


__all__ = ["NAMESPACES", "defined_in", "kind_of", "members", "namespace_record", "signature_of"]
