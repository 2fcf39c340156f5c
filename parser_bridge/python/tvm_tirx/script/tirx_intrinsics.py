"""The intrinsic members of ``T``, made from the op registry (issue 23, item 0).

Every intrinsic is declared once, by a row of an ``IntrinsicSpec`` table in core/tirx/src
(docs/architecture.md, "Adding an intrinsic"), which registers the op ``tirx.<name>`` with its
``TIntrinsic`` attribute: the argument-count range, the call's effect and its print style.
``T.<name>`` is made here for each of them, when ``T`` is imported:

- a member whose Python side needs more than the generic call (literals typed as the other
  operand, the reference's parameter names, ``ty=`` checks) is written by hand and marked
  ``@refines_intrinsic`` (tirx_ops.py, tirx_gpu.py, ...);
- every other one is the generic op call, the reference's ``(*args, attrs=None, ty_args=None,
  loc=None, ty=None, **kwargs)`` form;
- both check the argument count first, with one message naming the member and the counts
  (``"`T.vscale` takes 0 arguments, got 1"``).

The list is read once: ``intrinsic_members()`` closes the refinements and returns a read-only
mapping, which tirx.py declares as ``T``'s members when it registers the namespace (frozen
there). An op registered later (a plug-in, a test) is not a member.
"""

from __future__ import annotations

import dataclasses
import functools
import types
from typing import Any, Callable, Dict, Mapping, Optional

import tvm_ffi

from .. import StringImm as _StringImm
from .. import ir as _ir
from .tirx_types import default_typed as _default_typed

_intrinsic_names = tvm_ffi.get_global_func("tirx.IntrinsicNames")
_op_get_attr = tvm_ffi.get_global_func("ir.OpGetAttr")

UNBOUNDED = -1
"""The ``max_args`` of an intrinsic taking any number of arguments from ``min_args`` on."""

TYPE_LAST = "call_type_last"
"""The print style whose member takes the call's type as its last positional argument
(``T.tvm_struct_get(arr, index, field, "int32")``)."""

RESERVED_KEYWORDS = frozenset(("ty", "loc", "attrs", "ty_args", "dtype"))
"""Keywords that are not operands: the result type (``dtype=`` is Apache TVM's spelling of
``ty=``), the location and the generic call's extra fields."""


@dataclasses.dataclass(frozen=True)
class Intrinsic:
    """An intrinsic as the op registry declares it (its ``TIntrinsic`` attribute)."""

    name: str
    min_args: int
    max_args: int
    effect: int
    print_style: str
    doc: str
    member: str = ""
    """The member that writes the call, when the op declares one (``ptx.ld`` for
    ``ptx.ld_vec``: a member with rules of its own, tirx_ptx.py), else ``""``."""

    def count_text(self) -> str:
        """``"1 argument"``, ``"1 to 3 arguments"``, ``"at least 2 arguments"``."""
        if self.max_args == UNBOUNDED:
            return f"at least {self.min_args} arguments"
        if self.min_args == self.max_args:
            return f"{self.min_args} argument{'' if self.min_args == 1 else 's'}"
        return f"{self.min_args} to {self.max_args} arguments"

    def check_count(self, count: int) -> None:
        """TypeError unless ``count`` arguments of ``T.<name>`` fit the range."""
        if count >= self.min_args and (self.max_args == UNBOUNDED or count <= self.max_args):
            return
        raise TypeError(f"`T.{self.name}` takes {self.count_text()}, got {count}")


def registered_intrinsics() -> Dict[str, Intrinsic]:
    """Every registered intrinsic by member name (``exp`` for ``tirx.exp``), in name order."""
    found = {}
    for op_name in _intrinsic_names():
        op = _ir.Op.get(str(op_name))
        info = _op_get_attr(op, "TIntrinsic")
        name = str(op_name)[len("tirx."):]
        # A member's count is of what it takes: a type-last member takes the type too.
        extra = 1 if str(info.print_style) == TYPE_LAST else 0
        found[name] = Intrinsic(
            name=name, min_args=int(info.min_args) + extra,
            max_args=UNBOUNDED if info.max_args == UNBOUNDED else int(info.max_args) + extra,
            effect=int(info.effect), print_style=str(info.print_style), doc=str(op.doc),
            member=str(info.member))
    return found


_refinements: Optional[Dict[str, Callable[..., Any]]] = {}


def refines_intrinsic(function: Callable[..., Any]) -> Callable[..., Any]:
    """Marks ``function`` as the hand-written ``T.<its name>`` of the intrinsic of that name
    (the count check is added to it). Only while ``T`` is being made: afterwards, RuntimeError."""
    if _refinements is None:
        raise RuntimeError("the intrinsic members of `T` are made already: a refinement must be "
                           "defined before tvm_tirx.script.tirx is imported")
    name = function.__name__
    if name in _refinements:
        raise ValueError(f"`T.{name}` is refined twice")
    _refinements[name] = function
    return function


def refines_intrinsic_as(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``@refines_intrinsic_as("nvshmem.signal_op")``: ``refines_intrinsic`` of a function named
    otherwise, for a member of a backend namespace (a dotted name is no Python identifier)."""

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        function.__name__ = function.__qualname__ = name
        return refines_intrinsic(function)

    return mark


def _operand(value: Any) -> Any:
    """A call argument: a string becomes a StringImm, a literal a default-typed constant."""
    if isinstance(value, str):
        return _StringImm(value)
    return _default_typed(value)


def intrinsic_call(name: str, args: Any, ty: Any = None) -> Any:
    """A call of ``tirx.<name>``: strings become StringImms, literals default-typed constants;
    ``ty`` (a type, or a dtype string) is the result type, else the op's rule decides."""
    if isinstance(ty, str):
        ty = _ir.PrimType(ty)
    return _ir.Call(_ir.Op.get(f"tirx.{name}"), [_operand(a) for a in args], ty=ty)


def _generic_member(intrinsic: Intrinsic) -> Callable[..., Any]:
    """``T.<name>(*args, ty=None)``: the call of ``tirx.<name>``, its operands checked by the
    op (even when ``ty=`` gives the result type)."""
    name = intrinsic.name

    def member(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
               ty: Any = None, **kwargs: Any) -> Any:
        if attrs or ty_args or kwargs:
            raise TypeError(f"`T.{name}` takes no attrs, ty_args or keyword operands")
        call = intrinsic_call(name, args, ty)
        call.validate()
        return call

    member.__name__ = member.__qualname__ = name
    member.__module__ = __name__
    member.__doc__ = f"``T.{name}(...)``: {intrinsic.doc}."
    return member


def _counted(intrinsic: Intrinsic, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` checking the number of operands it is given (positional, and keywords
    other than RESERVED_KEYWORDS, the type of a type-last member included) before it runs."""
    # A type-last member's type may be a keyword too (Apache TVM's `dtype="int32"`).
    type_keywords = ("ty", "dtype") if intrinsic.print_style == TYPE_LAST else ()

    @functools.wraps(function)
    def member(*args: Any, **kwargs: Any) -> Any:
        operands = len(args) + sum(1 for key in kwargs
                                   if key not in RESERVED_KEYWORDS or key in type_keywords)
        intrinsic.check_count(operands)
        return function(*args, **kwargs)

    return member


def intrinsic_members() -> Mapping[str, Callable[..., Any]]:
    """``T``'s intrinsic members, by name: each registered intrinsic's refinement, else its
    generic call, with the count check. Closes the refinements; ValueError for one that names
    no registered intrinsic."""
    global _refinements
    refinements, _refinements = _refinements, None
    if refinements is None:
        raise RuntimeError("the intrinsic members of `T` are made once")
    intrinsics = registered_intrinsics()
    unknown = sorted(set(refinements) - set(intrinsics))
    if unknown:
        raise ValueError(f"refinements of intrinsics that are not registered: {unknown}")
    return types.MappingProxyType({
        name: _counted(intrinsic, refinements.get(name) or _generic_member(intrinsic))
        for name, intrinsic in intrinsics.items()})


__all__ = ["Intrinsic", "RESERVED_KEYWORDS", "TYPE_LAST", "UNBOUNDED", "intrinsic_call",
           "intrinsic_members", "refines_intrinsic", "refines_intrinsic_as",
           "registered_intrinsics"]
