"""Which spelling a definition is written in: today's Apache TVM forms (``T.prim_func``,
``T.Buffer``, ``T.match_buffer``, ``T.serial``, ...) or the canonical dialect. A formatter keeps
the user's dialect, so a definition in Apache TVM's spelling is not formatted (migration is an
explicit action)."""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Mapping, Tuple

from . import namespaces
from .ast_build import source_nodes
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


def apache_members(node: ast.AST, env: Mapping[str, Any]) -> List[str]:
    """The Apache TVM spellings a definition uses: ``X.member`` where ``X`` is a namespace and
    the member is a legacy form or has another canonical spelling (``T.prim_func``,
    ``T.Buffer``, ``T.match_buffer``, ``T.serial``, ...)."""
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
        if sub.attr in names:
            found.append(f"{sub.value.id}.{sub.attr}")
    return found


__all__ = ["apache_members"]
