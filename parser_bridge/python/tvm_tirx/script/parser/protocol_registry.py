"""Static syntax facts keyed by canonical namespace paths (``tirx.int32``, ``tirx.function``).

A canonical path starts with the canonical root of a registered namespace (parser/namespaces.py:
the first alias registered for the object), followed by the member's name. Registration accepts
any registered alias as the root and stores the canonical one. The tables hold plain data only
(strings, enums, tuples), never functions, captures, frames or built IR:

- ``DEFINITION_KIND``: the ``DefinitionKind`` of every decorator, filled in by the decorator
  factories (``make_decorator``, ``make_macro_decorator``);
- scalar annotations (``register_scalar_annotation``): the dtype a fixed annotation such as
  ``T.int32`` stands for, known without evaluating it;
- mutable declarations (``register_mutable_decl``): syntax that declares persistent mutable
  storage. The TIRx dialect has none (``x = v`` is an immutable binding), so nothing is
  registered today; the table and its validation exist for dialects that do.

``namespace_members(alias)`` describes a registered namespace's members as data for the
language server (completion, signature help, quick fixes).
"""

from __future__ import annotations

import __future__ as _future
import inspect
import re
import types
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Set, Tuple, TypeVar

import tvm_ffi

from ... import ir as _ir
from . import namespaces
from .line_index import split_lines

_F = TypeVar("_F")


# The decorators' kinds live in a leaf module (decorators.py imports it without importing
# this package); this table is the same object.
from ..definition_kind import DEFINITION_KIND, DefinitionKind  # noqa: E402

MUTABLE_DECL_SYNTAX = ("call", "annotation", "parameter")
"""The forms a mutable declaration can take: a constructor call (``x = X.cell(0)``), an
annotated local (``x: X.int32 = 0``) or a parameter annotation."""

_SCALAR_ANNOTATIONS: Dict[str, str] = {}
_MUTABLE_DECLS: Dict[str, Set[str]] = {}


# --- paths ------------------------------------------------------------------------------------

def _split_path(path: Any, what: str) -> Tuple[str, str]:
    if not isinstance(path, str):
        raise TypeError(f"{what}: a namespace path is a str, got `{type(path).__name__}`")
    root, dot, member = path.partition(".")
    if not dot or not all(part.isidentifier() for part in path.split(".")):
        raise ValueError(f"{what}: {path!r} is not a namespace path such as 'tirx.int32' (a "
                         "registered namespace alias, a dot and a member name)")
    return root, member


def _registered_key(path: Any, what: str) -> str:
    """``path`` with its root replaced by the canonical root; ValueError for an unregistered
    root. Registration does not initialize the parser (so it may run during imports)."""
    root, member = _split_path(path, what)
    canonical = namespaces.canonical_root(root, initialize=False)
    if canonical is None:
        known = ", ".join(sorted(namespaces.registered_aliases(initialize=False)))
        raise ValueError(f"{what}: `{root}` in {path!r} is not a registered namespace "
                         f"(registered: {known})")
    return f"{canonical}.{member}"


def canonical_path(path: str) -> Optional[str]:
    """``"X.int32"`` -> ``"tirx.int32"`` when ``X`` is registered as an alias of the ``T``
    namespace; None when the root is not a registered alias."""
    root, member = _split_path(path, "canonical_path")
    canonical = namespaces.canonical_root(root)
    return None if canonical is None else f"{canonical}.{member}"


# --- scalar annotations -----------------------------------------------------------------------

def _scalar_dtype(dtype: Any, what: str) -> str:
    text = getattr(dtype, "dtype", dtype)  # a PrimType such as T.int32 gives its dtype
    if not isinstance(text, str):
        raise TypeError(f"{what}: the dtype is a str such as 'int32', got "
                        f"`{type(dtype).__name__}`")
    canonical = str(tvm_ffi.dtype(text))  # ValueError for a name that is no dtype
    if canonical == "void" or re.search(r"x\d+$", canonical):
        raise ValueError(f"{what}: a scalar annotation has a scalar dtype, got {canonical!r}")
    return canonical


def register_scalar_annotation(namespace_path: str, dtype: Any) -> None:
    """Records that the annotation at ``namespace_path`` (``"tirx.int32"``) is the scalar type
    ``dtype`` (``"int32"``), so tools and the parser can read it without evaluating anything.
    Registering a path again replaces its dtype."""
    what = "register_scalar_annotation"
    key = _registered_key(namespace_path, what)
    _SCALAR_ANNOTATIONS[key] = _scalar_dtype(dtype, what)


def scalar_annotation_dtype(namespace_path: str) -> Optional[str]:
    """The dtype registered for the annotation at ``namespace_path`` (any registered alias as
    its root), None when it is not a scalar annotation."""
    key = canonical_path(namespace_path)
    return None if key is None else _SCALAR_ANNOTATIONS.get(key)


def scalar_annotations() -> Dict[str, str]:
    """Every registered scalar annotation: canonical path -> dtype."""
    return dict(_SCALAR_ANNOTATIONS)


# --- mutable declarations ---------------------------------------------------------------------

def register_mutable_decl(namespace_path: str, *,
                          syntax: str = "call") -> Callable[[_F], _F]:
    """Records that ``namespace_path`` declares persistent mutable storage in the form
    ``syntax`` (``"call"``, ``"annotation"`` or ``"parameter"``); registering another form
    adds it. Returns a decorator that returns its argument unchanged, so it can mark the
    constructor where it is defined (``@register_mutable_decl("x.cell")``)."""
    what = "register_mutable_decl"
    key = _registered_key(namespace_path, what)
    if syntax not in MUTABLE_DECL_SYNTAX:
        raise ValueError(f"{what}: `syntax` is one of {', '.join(map(repr, MUTABLE_DECL_SYNTAX))}"
                         f", got {syntax!r}")
    _MUTABLE_DECLS.setdefault(key, set()).add(syntax)

    def mark(constructor: _F) -> _F:
        return constructor

    return mark


def mutable_decl_forms(namespace_path: str) -> Tuple[str, ...]:
    """The registered forms of the mutable declaration at ``namespace_path`` (empty when it is
    none), in ``MUTABLE_DECL_SYNTAX`` order."""
    key = canonical_path(namespace_path)
    forms = _MUTABLE_DECLS.get(key, set()) if key is not None else set()
    return tuple(s for s in MUTABLE_DECL_SYNTAX if s in forms)


def mutable_decls() -> Dict[str, Tuple[str, ...]]:
    """Every registered mutable declaration: canonical path -> forms."""
    return {key: mutable_decl_forms(key) for key in _MUTABLE_DECLS}


# --- member metadata --------------------------------------------------------------------------

@dataclass
class MemberInfo:
    """One member of a registered namespace, as plain data."""

    name: str
    path: str
    """The canonical path (``"tirx.Tensor"``)."""
    kind: str
    """``"decorator"``, ``"type"``, ``"constructor"``, ``"statement"``, ``"loop"``,
    ``"intrinsic"``, ``"symbol"``, ``"marker"``, ``"hook"``, ``"legacy"``, ``"unsupported"``,
    or ``"function"`` for a callable the namespace does not classify."""
    signature: str
    """The parameter list, without annotations (``"(shape, dtype='float32', ...)"``); empty
    when unknown."""
    doc: str
    """The first paragraph of the docstring, on one line."""
    aliases: List[str] = field(default_factory=list)
    """Other spellings of the same construct: for a member with a canonical spelling, that
    spelling and its other aliases; for a canonical member, the names that map to it."""
    canonical: str = ""
    """The canonical spelling a member maps to (a member name such as ``"function"``, or a
    Python builtin such as ``"range"``); empty for a canonical member."""
    completion: bool = True
    """Whether completion offers it (not hooks, not unsupported constructs)."""

    def to_plain(self) -> Dict[str, Any]:
        return {"name": self.name, "path": self.path, "kind": self.kind,
                "signature": self.signature, "doc": self.doc, "aliases": list(self.aliases),
                "canonical": self.canonical, "completion": self.completion}


_NOT_FOR_COMPLETION = ("hook", "unsupported")
_MEMBER_CACHE: Dict[int, Tuple[Any, str, int, Tuple[Tuple[Any, ...], ...]]] = {}


class _Elided:
    def __repr__(self) -> str:
        return "..."


def is_decorator(value: Any) -> bool:
    """Whether ``value`` is a construction decorator (decorators.py marks their class; the
    registry does not import the decorators, which import it)."""
    return bool(getattr(type(value), "__tvm_script_decorator__", False))


def _is_sentinel(value: Any) -> bool:
    return type(value) is object or " at 0x" in repr(value)


def signature_text(value: Any) -> str:
    """A callable's parameter list without annotations (empty when unknown)."""
    if is_decorator(value):
        return value.signature_text()
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):
        return ""
    params = []
    for param in signature.parameters.values():
        param = param.replace(annotation=inspect.Parameter.empty)
        if param.default is not inspect.Parameter.empty and _is_sentinel(param.default):
            param = param.replace(default=_Elided())
        params.append(param)
    return str(signature.replace(parameters=params,
                                 return_annotation=inspect.Signature.empty))


def _first_paragraph(value: Any) -> str:
    doc = inspect.getdoc(value) or ""
    paragraph = doc.strip().split("\n\n", 1)[0]
    return " ".join(line.strip() for line in split_lines(paragraph))


def _classify(name: str, value: Any, declared: Mapping[str, str]) -> Optional[str]:
    """The kind of a member: the namespace's declaration, else what the value shows. With a
    declaration table, undeclared values that show nothing are not members."""
    if name in declared:
        return declared[name]
    if is_decorator(value):
        return "decorator"
    if name.endswith("_") and inspect.isroutine(value):
        return "hook"
    if isinstance(value, types.ModuleType) or isinstance(value, _future._Feature):
        return None
    if getattr(value, "__module__", None) == "typing":
        return None
    if isinstance(value, _ir.Type):
        return "type"
    if declared:
        return None
    if inspect.isclass(value):
        return "constructor"
    return "function" if callable(value) else None


def _declared_kinds(namespace: Any) -> Dict[str, str]:
    """``__member_kinds__`` of a namespace as it declared them when registered (frozen by
    the registry): ``{kind: (names...)}`` -> ``{name: kind}``."""
    table = namespaces.declarations(namespace)[0]
    return {name: kind for kind, names in table.items() for name in names}


def _compute_members(namespace: Any, root: str) -> Tuple[Tuple[Any, ...], ...]:
    declared = _declared_kinds(namespace)
    canonical_of: Mapping[str, str] = namespaces.declarations(namespace)[1]
    rows = []
    for name in sorted(set(dir(namespace))):
        if name.startswith("_"):
            continue
        try:
            value = getattr(namespace, name)
        except Exception:  # noqa: BLE001 - a member that cannot be read is not offered
            continue
        kind = _classify(name, value, declared)
        if kind is None or kind == "internal":
            continue
        canonical = canonical_of.get(name, "")
        if canonical:
            aliases = [canonical] + sorted(n for n, c in canonical_of.items()
                                           if c == canonical and n != name)
        else:
            aliases = sorted(n for n, c in canonical_of.items() if c == name)
        rows.append((name, f"{root}.{name}", kind, signature_text(value),
                     _first_paragraph(value), tuple(aliases), canonical,
                     kind not in _NOT_FOR_COMPLETION))
    return tuple(rows)


def namespace_members(alias: str) -> List[MemberInfo]:
    """The members of the namespace registered as ``alias`` (any of its aliases), sorted by
    name. Computed from the namespace object once and cached until a namespace registration
    changes; names starting with ``_`` are never members. A namespace may declare kinds in
    ``__member_kinds__`` (``{kind: names}``; kind ``"internal"`` hides a name) and canonical
    spellings in ``__member_aliases__`` (``{name: canonical}``)."""
    namespace = namespaces.lookup(alias)
    if namespace is None:
        raise ValueError(f"namespace_members: no namespace is registered as `{alias}`")
    root = namespaces.canonical_root(alias) or alias
    version = namespaces.version()
    cached = _MEMBER_CACHE.get(id(namespace))
    if cached is None or cached[0] is not namespace or cached[1] != root or \
            cached[2] != version:
        cached = (namespace, root, version, _compute_members(namespace, root))
        _MEMBER_CACHE[id(namespace)] = cached
    return [MemberInfo(name, path, kind, signature, doc, list(aliases), canonical, completion)
            for name, path, kind, signature, doc, aliases, canonical, completion in cached[3]]


# --- saving and restoring (registration_scope) ------------------------------------------------

def save() -> Tuple[Any, ...]:
    return (dict(DEFINITION_KIND), dict(_SCALAR_ANNOTATIONS),
            {k: set(v) for k, v in _MUTABLE_DECLS.items()})


def restore(state: Tuple[Any, ...]) -> None:
    definition_kinds, scalars, mutables = state
    DEFINITION_KIND.clear()
    DEFINITION_KIND.update(definition_kinds)
    _SCALAR_ANNOTATIONS.clear()
    _SCALAR_ANNOTATIONS.update(scalars)
    _MUTABLE_DECLS.clear()
    _MUTABLE_DECLS.update({k: set(v) for k, v in mutables.items()})
    _MEMBER_CACHE.clear()


__all__ = [
    "DEFINITION_KIND", "DefinitionKind", "MUTABLE_DECL_SYNTAX", "MemberInfo", "canonical_path",
    "mutable_decl_forms", "mutable_decls", "namespace_members", "register_mutable_decl",
    "register_scalar_annotation", "scalar_annotation_dtype", "scalar_annotations",
]
