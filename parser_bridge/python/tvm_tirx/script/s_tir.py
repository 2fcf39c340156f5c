"""The S-TIR script namespace, imported as ``Ts``: ``from tvm_tirx.script import s_tir as Ts``.

``@Ts.function`` (and ``@Ts.prim_func``) builds a TIRx Function recording the attribute
``"script.namespace": "s_tir"``: the same IR as ``@T.prim_func(s_tir=True)`` (docs/frontend.md).
S-TIR blocks are its own statements (``Ts.sblock``, ``Ts.axis.*``, ``Ts.reads`` ...: the
blocks ``T`` builds in Apache TVM's spelling, tirx_sblock.py). Every other member is ``T``'s:
the namespace delegates what it does not define to ``tvm_tirx.script.tirx``.
"""

from __future__ import annotations

import re as _re
import sys
import types as _types
from typing import Any, FrozenSet, List, Optional

from . import tirx as _tirx
from . import tirx_builder as _tb
from .builder import Frame as _Frame, Loc
from .decorators import JITDecorator as _JITDecorator
from .parser import make_decorator as _make_decorator
from .parser import make_macro_decorator as _make_macro_decorator
from .parser import register_namespace as _register_namespace
from .parser.protocol_registry import (
    register_scalar_annotation as _register_scalar_annotation,
)
from .recorded import missing_member as _missing_member
from . import tirx_sblock as _sblock
from .tirx_sblock import BLOCK_MEMBERS as _BLOCK_MEMBERS

_Ts = sys.modules[__name__]  # the namespace object its decorators build with

function = _make_decorator(_Ts, namespace_path="s_tir.function")
function.__doc__ = """``@Ts.function`` / ``@Ts.function(private=True)``: a TIRx function with the
attribute ``script.namespace = "s_tir"``."""

prim_func = _make_decorator(_Ts, namespace_path="s_tir.prim_func")
prim_func.__doc__ = """``@Ts.prim_func``: ``@Ts.function`` under its Apache TVM name."""

jit = _JITDecorator(_Ts, "s_tir.jit")
jit.__doc__ = """``@Ts.jit``: ``@T.jit`` building S-TIR functions."""

macro = _make_macro_decorator(_Ts, namespace_path="s_tir.macro")
macro.__doc__ = """``@Ts.macro``: ``@T.macro`` (a body that builds IR where it is called)."""

inline = _make_macro_decorator(_Ts, namespace_path="s_tir.inline", late_binding=True)
inline.__doc__ = """``@Ts.inline``: ``@T.inline`` (a macro reading its captured values at every
call)."""

dynamic = _tirx.dynamic  # the identical constructor (the spec: T.dynamic, Ts.dynamic)


def function_(*, loc: Optional[Loc] = None, private: bool = False, decl: bool = False,
              **options: Any) -> _Frame:
    """Opens a function frame recording ``script.namespace = "s_tir"`` (the hook of
    ``@Ts.function``); otherwise ``T``'s."""
    if options.pop("s_tir", True) is not True:
        raise TypeError("`Ts.function` builds S-TIR functions: `s_tir=False` contradicts it "
                        "(use `T.function`)")
    return _tb.function_(loc=loc, private=private, decl=decl, s_tir=True, **options)


for _name in _BLOCK_MEMBERS:
    globals()[_name] = getattr(_sblock, _name)
del _name
axis = _sblock.BlockAxes("Ts")

__member_aliases__ = _types.MappingProxyType(dict(_tirx.__member_aliases__))


def _shared_members() -> FrozenSet[str]:
    """The members ``Ts`` shares with ``T``, fixed when the module is imported: ``T``'s public
    names but its internals (its ``"internal"`` kind), the modules it imports and typing
    names. Nothing else is forwarded (``Ts.decl_function`` is not a member)."""
    hidden = set(_tirx.__member_kinds__.get("internal", ()))
    shared = set()
    for name in dir(_tirx):
        if name.startswith("_") or name in hidden or name in globals():
            continue
        value = getattr(_tirx, name)
        module = getattr(value, "__module__", None) or ""
        if isinstance(value, _types.ModuleType) or module in ("typing", "__future__") or \
                type(value).__module__ == "__future__":
            continue
        shared.add(name)
    return frozenset(shared)


_SHARED = _shared_members()

# Copies, read-only: the member catalog classifies from these declarations, and no one writes
# T's through Ts. What T has and Ts does not share (its imported modules, typing names) is
# declared internal, so untrusted text is refused it as it is refused T's internals.
__member_kinds__ = _types.MappingProxyType({
    **{kind: tuple(name for name in names if name not in _BLOCK_MEMBERS)
       for kind, names in _tirx.__member_kinds__.items()},
    "statement": (*_tirx.__member_kinds__["statement"], *_BLOCK_MEMBERS),
    "internal": tuple(sorted({*_tirx.__member_kinds__.get("internal", ()),
                              *(name for name in dir(_tirx) if not name.startswith("_")
                                and name not in _SHARED and name not in globals())})),
})
_VECTOR_TYPE = _re.compile(r"[a-z][a-z0-9_]*x[0-9]+")


def __getattr__(name: str) -> Any:
    """``T``'s shared members (``Ts.Tensor``, ``Ts.emit_``) and the vector types ``T`` makes on
    demand (``Ts.float32x4``); nothing else."""
    if name in _SHARED or _VECTOR_TYPE.fullmatch(name):
        try:
            return getattr(_tirx, name)
        except AttributeError:
            pass
    raise _missing_member("Ts", name, __dir__())


def __dir__() -> List[str]:
    return sorted(set(globals()) | _SHARED)


_register_namespace("s_tir", _Ts)
for _name in _tirx._SCALARS:
    _register_scalar_annotation(f"s_tir.{_name}", _name)
del _name
_register_scalar_annotation("s_tir.bool_", "bool")

__all__ = ["axis", "dynamic", "function", "inline", "jit", "macro", "prim_func",
           *_BLOCK_MEMBERS]
