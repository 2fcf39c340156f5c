"""Structural utilities: walk, map, visit, mutate, compare and hash any value by structure.

They work on every object through its reflected fields (no per-type code) and keep variable
definitions and uses consistent. The engines run in C++ (``ffi.Structural*`` global
functions); this module selects callbacks by the annotation of their first parameter, as the
Rust guide's callbacks are selected by their parameter type.
"""

from __future__ import annotations

import enum
import inspect
import typing
from typing import Any, Callable, List, Optional, Tuple

from . import core
from .registry import get_global_func, register_object

__all__ = [
    "AccessPath",
    "DefRegionKind",
    "StructuralMutatorView",
    "StructuralVisitorView",
    "WalkInterrupt",
    "WalkOrder",
    "WalkResult",
    "assert_structural_equal",
    "get_first_structural_mismatch",
    "structural_equal",
    "structural_hash",
    "structural_map",
    "structural_mutate",
    "structural_visit",
    "structural_walk",
]


class WalkOrder(enum.IntEnum):
    """Whether callbacks run before (pre) or after (post) a value's children."""

    PRE_ORDER = 0
    POST_ORDER = 1


class DefRegionKind(enum.IntEnum):
    """Where a value sits: a use (NONE) or a definition site (SIMPLE or PATTERN)."""

    NONE = 0
    SIMPLE = 1
    PATTERN = 2

    def __str__(self) -> str:
        return self.name.capitalize()


class WalkResult(enum.IntEnum):
    """What a walk callback asks for: continue, skip the children, or stop."""

    ADVANCE = 0
    SKIP = 1
    INTERRUPT = 2

    @staticmethod
    def interrupt_with(value: Any) -> "_InterruptWith":
        """Stops the walk; structural_walk returns a WalkInterrupt holding ``value``."""
        return _InterruptWith(value)


class _InterruptWith:
    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


class WalkInterrupt:
    """How a walk or visit ended early: ``value`` is what the callback handed over."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"WalkInterrupt({self.value!r})"


@register_object("ffi.reflection.AccessPath")
class AccessPath(core.Object):
    """A chain of steps from a root value: ``<root>.body.seq[2]``; compared by its steps."""

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"AccessPath({self.to_string()})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AccessPath) and bool(self.path_equal(other))

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.path_hash())


# ---- selecting callbacks --------------------------------------------------------------------


def _first_param_type_index(fn: Callable[..., Any]) -> Tuple[int, int]:
    """(type index selected by the first parameter, number of positional parameters)."""
    params = [
        p
        for p in inspect.signature(fn).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    if not params or len(params) > 2:
        raise TypeError(
            f"a structural callback takes a value and optionally a second argument, "
            f"got {fn!r} with {len(params)} positional parameters"
        )
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # unresolvable string annotations: fall back to the raw ones
        hints = getattr(fn, "__annotations__", {})
    annotation = hints.get(params[0].name, inspect.Parameter.empty)
    if annotation in (inspect.Parameter.empty, Any, object):
        return -1, len(params)
    index = getattr(annotation, "__tvm_ffi_type_index__", None)
    if index is None:
        raise TypeError(
            f"the first parameter of {getattr(fn, '__qualname__', fn)!r} is annotated with "
            f"{annotation!r}, which is not an FFI object class"
        )
    return index, len(params)


def _collect(callbacks: Any, prefix: str) -> List[Callable[..., Any]]:
    """Callables from a callable, a (nested) tuple or list, or a dispatcher's `prefix*` methods."""
    if isinstance(callbacks, (list, tuple)):
        out: List[Callable[..., Any]] = []
        for item in callbacks:
            out.extend(_collect(item, prefix))
        return out
    if callable(callbacks):
        return [callbacks]
    methods = []
    seen = set()
    for klass in type(callbacks).__mro__:
        for name in vars(klass):
            if name.startswith(prefix) and name not in seen:
                seen.add(name)
                methods.append(getattr(callbacks, name))
    if not methods:
        raise TypeError(
            f"expected a callable, a tuple of callables or an object with {prefix}* methods, "
            f"got {type(callbacks).__name__}"
        )
    return methods


def _wrap(callbacks: Any, prefix: str, adapt: Callable[..., Any]) -> List[List[Any]]:
    wrapped = []
    for fn in _collect(callbacks, prefix):
        type_index, arity = _first_param_type_index(fn)
        wrapped.append([type_index, adapt(fn, arity)])
    return wrapped


def _interrupt_from(answer: Any) -> Optional[WalkInterrupt]:
    return None if answer is None else WalkInterrupt(answer[0])


# ---- walk and map ---------------------------------------------------------------------------


def _adapt_walk(fn: Callable[..., Any], arity: int) -> Callable[[Any, int], Any]:
    def call(value: Any, kind: int) -> Any:
        result = fn(value, DefRegionKind(kind)) if arity == 2 else fn(value)
        if isinstance(result, _InterruptWith):
            return [int(WalkResult.INTERRUPT), result.value]
        if result is None:
            return int(WalkResult.ADVANCE)
        if isinstance(result, (WalkResult, int)) and not isinstance(result, bool):
            return int(result)
        raise TypeError(f"a walk callback must return a WalkResult, got {type(result).__name__}")

    return call


def _adapt_map(fn: Callable[..., Any], arity: int) -> Callable[[Any, int], Any]:
    def call(value: Any, kind: int) -> Any:
        result = fn(value, DefRegionKind(kind)) if arity == 2 else fn(value)
        # The value handed back unchanged: keep the original (a converted dtype or str would
        # otherwise come back as a new object).
        return None if result is value else result

    return call


def structural_walk(
    root: Any, callbacks: Any, order: WalkOrder = WalkOrder.PRE_ORDER
) -> Optional[WalkInterrupt]:
    """Calls matching callbacks on every value reachable from ``root``.

    A callback runs on values of the class its first parameter is annotated with (every value
    when unannotated) and gets the DefRegionKind as a second argument if it takes one. Returns
    the WalkInterrupt when a callback stopped the walk, else None.
    """
    wrapped = _wrap(callbacks, "walk_", _adapt_walk)
    return _interrupt_from(get_global_func("ffi.StructuralWalk")(root, wrapped, int(order)))


def structural_map(root: Any, callbacks: Any, order: WalkOrder = WalkOrder.POST_ORDER) -> Any:
    """Rebuilds ``root`` with each matching value replaced by its callback's result.

    A callback returning None keeps the value. Unchanged subtrees are shared with the input,
    and every use of a variable receives what its definition became.
    """
    wrapped = _wrap(callbacks, "map_", _adapt_map)
    return get_global_func("ffi.StructuralMap")(root, wrapped, int(order))


# ---- visit and mutate -----------------------------------------------------------------------


class StructuralVisitorView:
    """What a visit callback may do: visit children, read its region kind and path."""

    __slots__ = ("_handle",)

    def __init__(self, handle: Any) -> None:
        self._handle = handle

    def default_visit(self, node: Any) -> Optional[WalkInterrupt]:
        """Visits the children of ``node`` (the current value) with the usual traversal."""
        return _interrupt_from(self._handle.default_visit(node))

    def visit(self, child: Any) -> Optional[WalkInterrupt]:
        """Visits one value the callback selected."""
        return _interrupt_from(self._handle.visit(child))

    def def_region_kind(self) -> DefRegionKind:
        return DefRegionKind(self._handle.def_region_kind())

    def path(self) -> AccessPath:
        return self._handle.path()


class StructuralMutatorView:
    """What a mutate callback may do: mutate children, read its region kind and path."""

    __slots__ = ("_handle",)

    def __init__(self, handle: Any) -> None:
        self._handle = handle

    def default_mutate(self, node: Any) -> Any:
        """The current value with its children mutated (the same object when unchanged)."""
        return self._handle.default_mutate(node)

    def mutate(self, child: Any) -> Any:
        """Mutates one value the callback selected."""
        return self._handle.mutate(child)

    def def_region_kind(self) -> DefRegionKind:
        return DefRegionKind(self._handle.def_region_kind())

    def path(self) -> AccessPath:
        return self._handle.path()


def _adapt_visit(fn: Callable[..., Any], arity: int) -> Callable[[Any, Any], Any]:
    def call(value: Any, handle: Any) -> Any:
        result = fn(value, StructuralVisitorView(handle)) if arity == 2 else fn(value)
        if result is None:
            return None
        if isinstance(result, (WalkInterrupt, _InterruptWith)):
            return [result.value]
        raise TypeError(
            f"a visit callback must return None or a WalkInterrupt, got {type(result).__name__}"
        )

    return call


def _adapt_mutate(fn: Callable[..., Any], arity: int) -> Callable[[Any, Any], Any]:
    def call(value: Any, handle: Any) -> Any:
        result = fn(value, StructuralMutatorView(handle)) if arity == 2 else fn(value)
        return value if result is None or result is value else result

    return call


def structural_visit(root: Any, visitor: Any) -> Optional[WalkInterrupt]:
    """Visits ``root``; a matching callback takes control of its value's children.

    ``visitor`` is a callable, a tuple of callables, or an object whose ``visit_*`` methods are
    the callbacks (tried in definition order). A callback taking a second argument receives a
    StructuralVisitorView.
    """
    wrapped = _wrap(visitor, "visit_", _adapt_visit)
    return _interrupt_from(get_global_func("ffi.StructuralVisit")(root, wrapped))


def structural_mutate(root: Any, mutator: Any) -> Any:
    """Rebuilds ``root``; a matching callback returns the replacement of its value.

    ``mutator`` is a callable, a tuple of callables, or an object whose ``mutate_*`` methods
    are the callbacks. A callback taking a second argument receives a StructuralMutatorView;
    returning None keeps the value.
    """
    wrapped = _wrap(mutator, "mutate_", _adapt_mutate)
    return get_global_func("ffi.StructuralMutate")(root, wrapped)


# ---- equality and hashing -------------------------------------------------------------------


def structural_equal(
    lhs: Any, rhs: Any, map_free_vars: bool = False, skip_tensor_content: bool = False
) -> bool:
    """Whether two values have the same structure (definitions matched by position)."""
    return bool(
        get_global_func("ffi.StructuralEqual")(lhs, rhs, map_free_vars, skip_tensor_content)
    )


def structural_hash(
    value: Any, map_free_vars: bool = False, skip_tensor_content: bool = False
) -> int:
    """A hash consistent with structural_equal under the same options."""
    return int(get_global_func("ffi.StructuralHash")(value, map_free_vars, skip_tensor_content))


def get_first_structural_mismatch(
    lhs: Any, rhs: Any, map_free_vars: bool = False, skip_tensor_content: bool = False
) -> Optional[Tuple[AccessPath, AccessPath]]:
    """The paths (in lhs, in rhs) of the first difference, or None when equal."""
    found = get_global_func("ffi.GetFirstStructuralMismatch")(
        lhs, rhs, map_free_vars, skip_tensor_content
    )
    return None if found is None else (found[0], found[1])


def assert_structural_equal(
    lhs: Any, rhs: Any, map_free_vars: bool = False, skip_tensor_content: bool = False
) -> None:
    """Raises ValueError naming the first mismatch, with both sides printed and underlined."""
    mismatch = get_first_structural_mismatch(lhs, rhs, map_free_vars, skip_tensor_content)
    if mismatch is None:
        return
    lhs_path, rhs_path = mismatch
    raise ValueError(
        "StructuralEqual check failed, caused by lhs at "
        f"{lhs_path}:\n{_underlined(lhs, lhs_path)}\nand rhs at "
        f"{rhs_path}:\n{_underlined(rhs, rhs_path)}"
    )


def _underlined(value: Any, path: AccessPath) -> str:
    printer = get_global_func("script.Script", allow_missing=True)
    if printer is None or not isinstance(value, core.Object):
        return repr(value)
    try:
        return printer(value, {"path_to_underline": [path]})
    except Exception:  # a value the printer does not know still gets reported
        return repr(value)
