"""What untrusted TVMScript may evaluate: an allowlist, never a blocklist (docs/frontend.md,
"Safety").

Untrusted text (the default for text) runs nothing but the builder programs of its TVMScript
definitions, and only after two checks:

- **Names**, checked before the program runs (``check_names``): every name a definition reads
  is one it binds itself (parameters, header symbols, assignment, loop and comprehension
  targets), one the frontend bound from the file (imports of registered namespaces, module
  symbols, the file's macros, the module class), an ``extra_vars`` entry, or one of
  ``PURE_BUILTINS``. A name the file binds with Python the frontend did not run (``N = f()``,
  ``import os``) and a builtin outside the list (``open``, ``getattr``) are refused.
- **Attributes**, checked on the receiver when they run (``checked_getattr``, which the
  transpiler calls for every attribute the source reads): a registered namespace exposes its
  registered members (not decorators, which would parse more source); an IR object exposes its
  reflected fields and methods; a module class exposes its functions. Nothing else has
  attributes, so modules, frames, generators, functions and classes stay out of reach whatever
  their attribute names are.

A refusal is an ``UntrustedNotEvaluated`` exception at the refused expression; the collecting
frontend reports it as one ``untrusted-not-evaluated`` diagnostic of severity information and
poisons what it would have bound, so its uses report nothing more.
"""

from __future__ import annotations

import ast
import builtins
import types
from typing import Any, Callable, Dict, FrozenSet, Iterable, Optional, Set, Tuple

from tvm_ffi import Object as _FFIObject
from tvm_ffi import dtype as _DType

from ..decorators import is_decorator
from ..ir import ModuleProxy
from . import namespaces
from .ast_build import source_nodes
from .protocol_registry import namespace_members

UNTRUSTED_CODE = "untrusted-not-evaluated"

PURE_BUILTINS: Tuple[str, ...] = (
    "abs", "all", "any", "bool", "dict", "enumerate", "float", "int", "isinstance", "len",
    "list", "max", "min", "range", "reversed", "sorted", "str", "sum", "tuple", "zip",
    "True", "False", "None",
)
"""The builtins an untrusted builder program may name: pure functions over values (and the
constants). docs/frontend.md lists them; a test checks the two agree."""

SAFE_BUILTINS: Dict[str, Any] = {name: getattr(builtins, name) for name in PURE_BUILTINS}
"""The ``__builtins__`` of an untrusted builder program's globals."""

SCRIPT_MEMBERS_ATTR = "__tvm_script_members__"
"""A class attribute naming the only attributes untrusted source may read on its instances
(sub-namespaces such as ``T.axis``)."""


class UntrustedNotEvaluated(Exception):
    """Untrusted source asked for something outside the allowlist; nothing of it ran."""

    code = UNTRUSTED_CODE


def _refusal(what: str) -> UntrustedNotEvaluated:
    return UntrustedNotEvaluated(
        f"{what} is not evaluated in untrusted TVMScript (only the file's TVMScript "
        "definitions, their symbols and imports of script namespaces are; trust the "
        "workspace to run its Python)")


# --- names, before the program runs -----------------------------------------------------------

def bound_names(nodes: Iterable[ast.AST]) -> Set[str]:
    """Every name the nodes bind: assignment, loop, comprehension and ``with`` targets,
    parameters of functions and lambdas."""
    found: Set[str] = set()
    for root in nodes:
        for node in source_nodes(root):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                found.add(node.id)
            elif isinstance(node, ast.arg):
                found.add(node.arg)
    return found


class NameCheck:
    """The name rule for one definition. ``visible`` are the names the frontend bound (its
    environment); ``unevaluated`` the names the file binds with Python that did not run (for
    a better message than a NameError)."""

    refusal_type = UntrustedNotEvaluated

    def __init__(self, visible: Callable[[str], bool], unevaluated: FrozenSet[str]) -> None:
        self.visible = visible
        self.unevaluated = unevaluated

    def first_refused(self, roots: Iterable[ast.AST], local: Set[str]) -> Optional[
            Tuple[ast.Name, UntrustedNotEvaluated]]:
        """The first read name (in source order) the rule refuses, with the refusal."""
        refused = []
        for root in roots:
            for node in source_nodes(root):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                    error = self.refusal(node.id, local)
                elif isinstance(node, ast.Name) and node.id.startswith("__"):
                    error = _refusal(f"Binding `{node.id}`")  # would shadow generated names
                elif isinstance(node, ast.arg) and node.arg.startswith("__"):
                    error = _refusal(f"Parameter `{node.arg}`")
                else:
                    continue
                if error is not None:
                    refused.append((node.lineno, node.col_offset, node, error))
        if not refused:
            return None
        refused.sort(key=lambda item: item[:2])
        return refused[0][2], refused[0][3]

    def refusal(self, name: str, local: Set[str]) -> Optional[UntrustedNotEvaluated]:
        if name.startswith("__"):
            return _refusal(f"`{name}`")
        if name in local or self.visible(name):
            return None
        if name in self.unevaluated:
            return _refusal(f"`{name}`, which the file binds with Python,")
        if name in SAFE_BUILTINS:
            return None
        if hasattr(builtins, name):
            return _refusal(f"The builtin `{name}`")
        return None  # an undefined name: a NameError when it runs, like Python's


# --- attributes, when they run ----------------------------------------------------------------

_NAMESPACE_MEMBERS: Dict[int, Tuple[Any, int, FrozenSet[str]]] = {}
_TYPE_MEMBERS: Dict[type, FrozenSet[str]] = {}
# Decorators would parse more source (trusted, from a file); hooks are the generated code's
# own calls and some call what they are given.
_NOT_FROM_BODIES = ("decorator", "hook")


def _namespace_attrs(namespace: Any, alias: str) -> FrozenSet[str]:
    version = namespaces.version()
    cached = _NAMESPACE_MEMBERS.get(id(namespace))
    if cached is None or cached[0] is not namespace or cached[1] != version:
        names = frozenset(m.name for m in namespace_members(alias)
                          if m.kind not in _NOT_FROM_BODIES)
        cached = (namespace, version, names)
        _NAMESPACE_MEMBERS[id(namespace)] = cached
    return cached[2]


def catalog_names(namespace: Any, alias: str) -> FrozenSet[str]:
    """The members of a registered namespace that untrusted bodies may read (not decorators
    nor hooks)."""
    return _namespace_attrs(namespace, alias)


_CATALOG_KINDS: Dict[int, Tuple[Any, int, Dict[str, str]]] = {}


def catalog_kind(namespace: Any, alias: str, name: str) -> Optional[str]:
    """The kind the registry's catalog gives ``name`` in ``namespace`` (None: not listed)."""
    version = namespaces.version()
    cached = _CATALOG_KINDS.get(id(namespace))
    if cached is None or cached[0] is not namespace or cached[1] != version:
        cached = (namespace, version, {m.name: m.kind for m in namespace_members(alias)})
        _CATALOG_KINDS[id(namespace)] = cached
    return cached[2].get(name)


def _ir_attrs(cls: type) -> FrozenSet[str]:
    """An IR class's public attributes: its reflected fields and methods and the methods of
    the object classes (``same_as``, ``script``), which all live in the FFI packages."""
    names = _TYPE_MEMBERS.get(cls)
    if names is None:
        found = set()
        for klass in cls.__mro__:
            module = getattr(klass, "__module__", "") or ""
            if klass is object or not module.startswith(("tvm_ffi", "tvm_tirx")):
                continue
            found.update(n for n in vars(klass) if not n.startswith("_"))
        names = _TYPE_MEMBERS[cls] = frozenset(found)
    return names


def _script_value(value: Any) -> bool:
    """A value a namespace may serve beyond its listed members (its own ``__getattr__``
    makes vector types and operator constructors on demand): IR data, or a function or class
    of the frontend's own packages that is not a decorator."""
    if isinstance(value, (_FFIObject, _DType)):
        return True
    if isinstance(value, types.ModuleType) or is_decorator(value):
        return False
    module = getattr(value, "__module__", None)
    return (isinstance(value, (types.FunctionType, type)) and isinstance(module, str)
            and module.startswith("tvm_tirx."))


# Methods of Python's own containers that only compute (no attribute lookups by name inside
# them, unlike str.format and str.format_map, which are left out on purpose).
_CONTAINER_METHODS: Dict[type, FrozenSet[str]] = {
    list: frozenset(("append", "extend", "insert", "pop", "index", "count", "copy", "reverse")),
    tuple: frozenset(("index", "count")),
    dict: frozenset(("get", "items", "keys", "values", "copy", "setdefault", "update", "pop")),
    str: frozenset(("join", "split", "strip", "startswith", "endswith", "upper", "lower",
                    "replace")),
}


def _receiver_allows(value: Any, name: str) -> Optional[bool]:
    """The receiver's own rule for ``name``; None when it needs to see the value."""
    if name.startswith("_"):
        return False
    methods = _CONTAINER_METHODS.get(type(value))
    if methods is not None:
        return name in methods
    if isinstance(value, (_FFIObject, _DType)):
        return name in _ir_attrs(type(value))
    if isinstance(value, type) and issubclass(value, _FFIObject):
        return name in _ir_attrs(value)  # an IR class: `T.Op.get(...)`
    members = getattr(type(value), SCRIPT_MEMBERS_ATTR, None)
    if members is not None:
        return name in members
    if isinstance(value, ModuleProxy):
        return True  # its own __getattr__ answers module functions only
    root = namespaces.root_of(value)
    if root is None:
        return False
    return True if name in _namespace_attrs(value, root) else None


def checked_getattr(value: Any, name: str) -> Any:
    """``value.name`` for untrusted source: refused unless the receiver allows it (see the
    module comment)."""
    allowed = _receiver_allows(value, name)
    if allowed is False:
        raise _refusal(f"Attribute `{name}` of a `{type(value).__name__}` value")
    # Not a listed member: only what the namespace makes on demand (its module __getattr__:
    # vector types, operator constructors), or IR data it keeps.
    made_on_demand = allowed is None and name not in getattr(value, "__dict__", {})
    result = getattr(value, name)
    if allowed is None and not (isinstance(result, (_FFIObject, _DType)) or (
            made_on_demand and _script_value(result))):
        raise _refusal(f"Attribute `{name}` of a `{type(value).__name__}` value")
    return result


def literal(node: ast.expr) -> Any:
    """The value of a literal expression (numbers, strings, bools, None, and tuples, lists,
    dicts and sets of literals); anything else is refused, with the node's range in
    ``error.loc``."""
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        error = UntrustedNotEvaluated(
            "Only literals are evaluated here in untrusted TVMScript, so this expression is "
            "not (trust the workspace to run its Python)")
        error.loc = (node.lineno, node.col_offset, node.end_lineno or node.lineno,
                     node.end_col_offset or node.col_offset)
        raise error from None


__all__ = [
    "NameCheck", "PURE_BUILTINS", "SAFE_BUILTINS", "SCRIPT_MEMBERS_ATTR", "UNTRUSTED_CODE",
    "UntrustedNotEvaluated", "bound_names", "checked_getattr", "literal",
]
