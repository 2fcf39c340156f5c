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
  docstring (the registry keeps only its first paragraph).
"""

from __future__ import annotations

import inspect
from typing import Any, Dict, List

from . import namespaces
from .discovery import SCRIPT_PACKAGES
from .protocol_registry import namespace_members

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


def _members(alias: str) -> List[Dict[str, Any]]:
    return [{"name": member.name, "kind": member.kind, "signature": member.signature,
             "doc": _docstring(alias, member.name, member.doc), "canonical": member.canonical,
             "completion": member.completion}
            for member in namespace_members(alias)]


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
        "namespaces": [{"root": root, "members": _members(alias)}
                       for root, alias in sorted(roots.items())],
    }}


__all__ = ["MAX_DOC_CHARS", "catalog"]
