"""Which spelling a definition is written in: today's Apache TVM forms (``T.prim_func``,
``T.Buffer``, ``T.match_buffer``, ...) or the canonical dialect. A formatter keeps the user's
dialect: a definition in Apache TVM's spelling is formatted in it, as apache-tvm 0.27 prints it
(migration to the canonical spelling is an explicit action)."""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Mapping, Tuple

from . import namespaces
from .ast_build import source_nodes
from ..recorded import recorded_in
from .protocol_registry import namespace_members

_LEGACY_KINDS = ("legacy", "unsupported")


# id(namespace) -> (namespace, root, registry version, its legacy names): the same for every
# definition until a registration changes, and costly to derive from the member list.
_LEGACY_CACHE: Dict[int, Tuple[Any, str, int, frozenset]] = {}


def _legacy_names(namespace: Any, root: str) -> frozenset:
    """The members of ``namespace`` that are legacy forms or have another canonical spelling."""
    version = namespaces.version()
    cached = _LEGACY_CACHE.get(id(namespace))
    if cached is None or cached[0] is not namespace or cached[1] != root or cached[2] != version:
        names = frozenset(m.name for m in namespace_members(root)
                          if m.kind in _LEGACY_KINDS or m.canonical)
        cached = _LEGACY_CACHE[id(namespace)] = (namespace, root, version, names)
    return cached[3]


# The recorded namespaces (recorded.py) by the alias their roots are recorded under.
_RECORDED_ALIASES = {"tirx": "T", "ir": "I"}


def apache_members(node: ast.AST, env: Mapping[str, Any]) -> List[str]:
    """The Apache TVM spellings a definition uses: ``X.member`` where ``X`` is a namespace and
    the member is a legacy form or has another canonical spelling (``T.prim_func``,
    ``T.Buffer``, ``T.match_buffer``, ...), and the reference's own namespace does not have it
    (``T.serial`` is the reference's too: a canonical definition may use it)."""
    legacy: Dict[int, frozenset] = {}
    found = []
    for sub in source_nodes(node):
        if not (isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name)):
            continue
        namespace = env.get(sub.value.id)
        root = namespaces.root_of(namespace) if namespace is not None else None
        if root is None:
            continue
        names = legacy.get(id(namespace))
        if names is None:
            names = legacy[id(namespace)] = _legacy_names(namespace, root)
        if sub.attr in names and not _reference_has(root, sub.attr):
            found.append(f"{sub.value.id}.{sub.attr}")
    return found


def _reference_has(root: str, name: str) -> bool:
    alias = _RECORDED_ALIASES.get(root)
    return alias is not None and "reference" in recorded_in(alias, name)


def older_members(members: List[str]) -> List[str]:
    """Of a definition's Apache spellings, those of releases before apache-tvm 0.27 (``T.block``):
    no oracle prints them, so the formatter leaves such a definition as it is."""
    return [member for member in members if member.rpartition(".")[2] in _OLDER]


_OLDER = frozenset(("block", "block_attr"))


__all__ = ["apache_members", "older_members"]
