"""The namespace registry: which objects the parser knows under which source names.

``register_namespace(alias, namespace)`` makes ``namespace`` available to future parses as
``alias``: source text imports it (``from tvm_tirx.script import tirx as T``), and a decorator
whose namespace path starts with ``alias`` (``"tirx.function"``) builds with its hooks. The
first alias registered for an object is its canonical path root, under which the protocol
registry keys its syntax facts; later aliases of the same object map to that root. The object
is borrowed; registration reads only its declarations of its members (``__member_kinds__``,
``__member_aliases__``), statically, and freezes them (``declarations``), so nothing done to
the object later changes how its members are classified.

``register_namespace_initializer(initializer, aliases=...)`` defers a language variant's
registrations until the parser first needs them (its first initialization: the first parse or
registry query), or until one of ``aliases`` is looked up on ``tvm_tirx.script``.

This module imports nothing of the parser, so the namespaces can register themselves while the
package is being imported.
"""

from __future__ import annotations

import inspect
import keyword
import threading
import types
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Tuple

RESERVED = {
    "relax": "Relax, which this parser does not provide",
}
"""Aliases no namespace may take, with what they are reserved for."""


class _State:
    """Everything registered, as one object so that a scope can save and restore it."""

    def __init__(self) -> None:
        self.aliases: Dict[str, Any] = {}
        """alias -> namespace object."""
        self.roots: Dict[int, Tuple[Any, str]] = {}
        """id(namespace object) -> (the object, its canonical root); the object is kept so the
        id stays its own."""
        self.initializers: List[Callable[[], None]] = []
        """Every initializer ever registered, run or not (compared by identity)."""
        self.pending: List[Callable[[], None]] = []
        """Initializers waiting for the first initialization."""
        self.trigger_aliases: Dict[str, None] = {}
        """Names whose lookup on ``tvm_tirx.script`` initializes the parser (ordered set)."""
        self.initialized = False
        self.version = 0
        """Bumped by every namespace registration (the member metadata cache reads it)."""
        self.declarations: Dict[int, Tuple[Any, Mapping[str, Tuple[str, ...]],
                                           Mapping[str, str]]] = {}
        """id(namespace object) -> (the object, its member kinds, its member aliases), read
        from its ``__member_kinds__`` and ``__member_aliases__`` when it was first registered
        and frozen: what the object holds under those names later changes nothing."""


def _copy_state(state: _State) -> _State:
    result = _State()
    result.aliases = dict(state.aliases)
    result.roots = dict(state.roots)
    result.initializers = list(state.initializers)
    result.pending = list(state.pending)
    result.trigger_aliases = dict(state.trigger_aliases)
    result.initialized = state.initialized
    result.version = state.version
    result.declarations = dict(state.declarations)
    return result


_STATE = _State()
_LOCK = threading.RLock()


def _check_alias(alias: Any, what: str) -> str:
    if not isinstance(alias, str):
        raise TypeError(f"{what}: an alias is a str, got `{type(alias).__name__}`")
    if not alias.isidentifier() or keyword.iskeyword(alias):
        raise ValueError(f"{what}: an alias is a Python identifier, got {alias!r}")
    return alias


def register_namespace(alias: str, namespace: Any) -> None:
    """Registers ``namespace`` under the source name ``alias`` for future parses.

    The first alias registered for an object is its canonical path root (``"tirx"`` for the
    ``T`` module); later aliases of the same object resolve to that root. Registering an alias
    again replaces its object (parses already done keep what they used). ``relax`` is reserved.
    """
    _check_alias(alias, "register_namespace")
    if alias in RESERVED:
        raise ValueError(f"register_namespace: the alias `{alias}` is reserved (for "
                         f"{RESERVED[alias]})")
    if namespace is None:
        raise TypeError(f"register_namespace: the namespace registered as `{alias}` is None")
    with _LOCK:
        _STATE.aliases[alias] = namespace
        _STATE.roots.setdefault(id(namespace), (namespace, alias))
        known = _STATE.declarations.get(id(namespace))
        if known is None or known[0] is not namespace:
            _STATE.declarations[id(namespace)] = (namespace, *_frozen_declarations(namespace))
        _STATE.version += 1


def _frozen_declarations(namespace: Any) -> Tuple[Mapping[str, Tuple[str, ...]],
                                                   Mapping[str, str]]:
    """Read-only copies of the registering code's own declarations of its members, read
    statically: no code of the object runs (its ``__getattr__``, ``__getattribute__``)."""
    kinds = inspect.getattr_static(namespace, "__member_kinds__", None) or {}
    aliases = inspect.getattr_static(namespace, "__member_aliases__", None) or {}
    if not isinstance(kinds, Mapping) or not isinstance(aliases, Mapping):
        return types.MappingProxyType({}), types.MappingProxyType({})
    return (types.MappingProxyType({str(kind): tuple(str(n) for n in names)
                                    for kind, names in dict(kinds).items()}),
            types.MappingProxyType({str(k): str(v) for k, v in dict(aliases).items()}))


def declarations(namespace: Any) -> Tuple[Mapping[str, Tuple[str, ...]], Mapping[str, str]]:
    """The member kinds and aliases ``namespace`` declared when it was registered (empty for
    an object never registered)."""
    known = _STATE.declarations.get(id(namespace))
    if known is None or known[0] is not namespace:
        return types.MappingProxyType({}), types.MappingProxyType({})
    return known[1], known[2]


def register_namespace_initializer(initializer: Callable[[], None], *,
                                   aliases: Iterable[str] = ()) -> None:
    """Registers a callback that registers a language variant's namespaces lazily.

    It runs (without arguments) at the parser's first initialization, or at once when that has
    already happened. The same callback object registered again is neither queued nor run
    again; its ``aliases`` are still added. ``aliases`` are names whose lookup as attributes
    of ``tvm_tirx.script`` initializes the parser (the callback must still register them with
    ``register_namespace``).
    """
    if not callable(initializer):
        raise TypeError(f"register_namespace_initializer: the initializer must be callable, "
                        f"got `{type(initializer).__name__}`")
    if isinstance(aliases, str):
        raise TypeError("register_namespace_initializer: `aliases` is a tuple of names, got the "
                        f"str {aliases!r}")
    names = [_check_alias(a, "register_namespace_initializer") for a in aliases]
    with _LOCK:
        for name in names:
            _STATE.trigger_aliases[name] = None
        if any(known is initializer for known in _STATE.initializers):
            return
        _STATE.initializers.append(initializer)
        if not _STATE.initialized:
            _STATE.pending.append(initializer)
            return
    initializer()


def ensure_initialized() -> None:
    """The parser's initialization: runs the initializers still waiting, in registration order.

    Cheap once done. A failing initializer's error propagates; it is not run again, and the
    ones after it run at the next call.
    """
    if _STATE.initialized and not _STATE.pending:
        return
    with _LOCK:
        _STATE.initialized = True
        while _STATE.pending:
            initializer = _STATE.pending.pop(0)
            initializer()


def is_initialized() -> bool:
    return _STATE.initialized


def lookup(alias: str, *, initialize: bool = True) -> Optional[Any]:
    """The namespace registered as ``alias`` (None when there is none)."""
    if initialize:
        ensure_initialized()
    return _STATE.aliases.get(alias)


def canonical_root(alias: str, *, initialize: bool = True) -> Optional[str]:
    """The canonical root of the namespace registered as ``alias`` (None when there is none)."""
    namespace = lookup(alias, initialize=initialize)
    if namespace is None:
        return None
    entry = _STATE.roots.get(id(namespace))
    return entry[1] if entry is not None and entry[0] is namespace else alias


def root_of(value: Any) -> Optional[str]:
    """The canonical root of ``value`` when it is a registered namespace object, else None
    (registration does not initialize anything: this only reads)."""
    entry = _STATE.roots.get(id(value))
    if entry is None or entry[0] is not value:
        return None
    return entry[1] if any(v is value for v in _STATE.aliases.values()) else None


def registered_aliases(*, initialize: bool = True) -> Dict[str, str]:
    """Every registered alias with its canonical root (plain data)."""
    if initialize:
        ensure_initialized()
    return {alias: canonical_root(alias, initialize=False) or alias
            for alias in _STATE.aliases}


def trigger_aliases() -> Tuple[str, ...]:
    """The names whose lookup on ``tvm_tirx.script`` initializes the parser."""
    return tuple(_STATE.trigger_aliases)


def version() -> int:
    return _STATE.version


def save() -> _State:
    """A copy of the whole registry state (``restore`` puts it back)."""
    with _LOCK:
        return _copy_state(_STATE)


def restore(state: _State) -> None:
    global _STATE
    with _LOCK:
        restored = _copy_state(state)
        restored.version = _STATE.version + 1  # caches keyed on the version start afresh
        _STATE = restored


__all__ = [
    "RESERVED", "canonical_root", "declarations", "ensure_initialized", "is_initialized", "lookup",
    "register_namespace", "register_namespace_initializer", "registered_aliases", "root_of",
    "trigger_aliases",
]
