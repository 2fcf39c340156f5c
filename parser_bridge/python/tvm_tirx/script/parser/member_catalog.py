"""Every registered namespace's members as plain data, for the language server's completion
and signature help (lsp/worker's ``members`` request, bridge ``NamespaceCatalogOf``).

The catalog is the registry's, never a file's: the worker reads it once at start-up, before it
reads any document, so nothing a document does (a trusted file's module code registering a
namespace) can change what completion offers.

``catalog()`` answers ``{"catalog": {...}}`` with the shape of ``NamespaceCatalog`` in
lsp/protocol/worker_protocol.json:

* ``packages``: the modules a namespace is imported from (``discovery.SCRIPT_PACKAGES``:
  ``from tvm.script import tir as T``), so the server resolves an import's alias with the same
  rule as the analysis;
* ``aliases``: each registered alias (``tirx``, ``tir``, ``ir``, ``s_tir``) with its canonical
  root;
* ``namespaces``: per root, its members (``protocol_registry.namespace_members``) with the whole
  docstring (the registry keeps only its first paragraph), and the vector types of each scalar
  type (``float32x4``: ``VECTOR_LANES``), which the namespace makes on first use, sorted by name;
  then, per member that is a namespace of its own (``T.axis``), ``<root>.<member>`` with its
  members.
"""

from __future__ import annotations

import inspect
from typing import Any, Dict, List

from . import namespaces
from .discovery import SCRIPT_PACKAGES
from .protocol_registry import namespace_members, signature_text

VECTOR_LANES = (2, 4, 8, 16, 32, 64)
"""The vector widths offered for each scalar type (those the namespace declares mutable)."""

MAX_DOC_CHARS = 8000
"""A docstring longer than this is cut (a completion popup shows a few lines)."""


def _docstring(alias: str, name: str, fallback: str) -> str:
    try:
        value = getattr(namespaces.lookup(alias), name)
        doc = inspect.getdoc(value) or ""
        # An instance (a dtype such as ``T.float32``) shows its class's docstring: not its own.
        if not inspect.isclass(value) and not inspect.isroutine(value) and \
                doc == (inspect.getdoc(type(value)) or ""):
            doc = ""
    except Exception:  # noqa: BLE001 - a member whose docstring cannot be read keeps the summary
        doc = ""
    return (doc.strip() or fallback)[:MAX_DOC_CHARS]


def _vector_types(alias: str, member: Any) -> List[Dict[str, Any]]:
    """``T.float32x4`` and the other vector types of a scalar type member: the namespace makes
    them on first use (its module ``__getattr__``), so ``dir`` does not list them."""
    if member.kind != "type" or member.canonical:
        return []
    namespace = namespaces.lookup(alias)
    scalar = getattr(namespace, member.name, None)
    rows = []
    for lanes in VECTOR_LANES:
        name = f"{member.name}x{lanes}"
        try:
            vector = getattr(namespace, name)
        except Exception:  # noqa: BLE001 - not a scalar type: it has no vector types
            return []
        if type(vector) is not type(scalar):
            return []
        rows.append({"name": name, "kind": "type", "signature": member.signature,
                     "doc": f"The vector type of {lanes} ``{member.name}`` lanes.",
                     "canonical": "", "completion": True})
    return rows


def _members(alias: str) -> List[Dict[str, Any]]:
    rows = []
    for member in namespace_members(alias):
        rows.append({"name": member.name, "kind": member.kind, "signature": member.signature,
                     "doc": _docstring(alias, member.name, member.doc),
                     "canonical": member.canonical, "completion": member.completion})
        rows += _vector_types(alias, member)
    unique = {row["name"]: row for row in rows}  # a vector type made earlier is listed once
    return sorted(unique.values(), key=lambda row: row["name"])


def _sub_namespaces(alias: str, root: str) -> List[Dict[str, Any]]:
    """A member that is a namespace of its own (``T.axis``: what it declares in
    ``__tvm_script_members__``, the names untrusted text may read on it) as the namespace
    ``<root>.<member>`` (``tirx.axis``), so ``T.axis.`` completes."""
    namespace = namespaces.lookup(alias)
    found = []
    for member in namespace_members(alias):
        value = getattr(namespace, member.name, None)
        names = getattr(type(value), "__tvm_script_members__", None)
        if not isinstance(names, frozenset) or inspect.ismodule(value):
            continue
        rows = []
        for name in sorted(names):
            attribute = getattr(value, name, None)
            signature = signature_text(attribute) if callable(attribute) else ""
            doc = (inspect.getdoc(attribute) or "").strip()[:MAX_DOC_CHARS]
            rows.append({"name": name, "kind": "function" if callable(attribute) else "marker",
                         "signature": signature, "doc": doc, "canonical": "",
                         "completion": True})
        found.append({"root": f"{root}.{member.name}", "members": rows})
    return found


def catalog(*, source_name: str = "", trusted: bool = False) -> Dict[str, Any]:
    """``{"catalog": NamespaceCatalog}``: the registry's namespaces and their members. The
    keywords are the bridge's query convention; no document is read."""
    del source_name, trusted
    aliases = namespaces.registered_aliases()
    roots: Dict[str, str] = {}
    for alias, root in aliases.items():
        roots.setdefault(root, alias)
    return {"catalog": {
        "packages": list(SCRIPT_PACKAGES),
        "aliases": [{"alias": alias, "root": root} for alias, root in sorted(aliases.items())],
        "namespaces": [entry for root, alias in sorted(roots.items())
                       for entry in [{"root": root, "members": _members(alias)},
                                     *_sub_namespaces(alias, root)]],
    }}


__all__ = ["MAX_DOC_CHARS", "VECTOR_LANES", "catalog"]
