"""TIRx statements and functions (classes generic over reflection, plus argument defaults)."""

from __future__ import annotations

import enum
from typing import Any, Dict, Optional, Sequence

import tvm_ffi
from tvm_ffi import Object, get_global_func, register_object

from .ir import Expr, PrimType, Range, Type, Var, printable

_make_const = get_global_func("tirx.make_const")


class ForKind(enum.IntEnum):
    """How a loop runs (tirx.For.kind)."""

    SERIAL = 0
    PARALLEL = 1
    VECTORIZED = 2
    UNROLLED = 3
    THREAD_BINDING = 4


def _bound(value: Any, var: Var) -> Expr:
    """A loop bound: an expression, or an int that takes the loop variable's type."""
    return value if isinstance(value, Expr) else _make_const(var.ty, value)


@printable
@register_object("tirx.Stmt")
class Stmt(Object):
    """Base of every statement."""


@register_object("tirx.For")
class For(Stmt):
    """``for var in range(start, end, step): body``; int bounds take the variable's type."""

    def __init__(
        self,
        var: Var,
        start: Any,
        end: Any,
        body: Stmt,
        step: Any = 1,
        kind: ForKind = ForKind.SERIAL,
        thread_tag: str = "",
        annotations: Optional[Dict[str, Any]] = None,
    ) -> None:
        self.__ffi_init__(
            var,
            _bound(start, var),
            _bound(end, var),
            _bound(step, var),
            body,
            int(kind),
            thread_tag,
            annotations or {},
        )

    @property
    def for_kind(self) -> ForKind:
        return ForKind(self.kind)


@register_object("tirx.IfThenElse")
class IfThenElse(Stmt):
    def __init__(self, condition: Expr, then_case: Stmt, else_case: Optional[Stmt] = None) -> None:
        self.__ffi_init__(condition, then_case, else_case)


@register_object("tirx.AllocTensor")
class AllocTensor(Stmt):
    """A new tensor ``var`` for the rest of the sequence; ``attrs`` annotate the allocation."""

    def __init__(self, var: Var, attrs: Optional[Dict[str, Any]] = None) -> None:
        self.__ffi_init__(var, attrs or {})


@register_object("tirx.Return")
class Return(Stmt):
    def __init__(self, value: Optional[Expr] = None) -> None:
        self.__ffi_init__(value)


@register_object("tirx.Function")
class Function(Expr):
    """A TIRx function; ``ret_type=None`` for one that returns nothing."""

    def __init__(
        self,
        params: Sequence[Var],
        body: Stmt,
        ret_type: Optional[Type] = None,
        attrs: Optional[Dict[str, Any]] = None,
        is_private: bool = False,
    ) -> None:
        self.__ffi_init__(list(params), body, ret_type, attrs or {}, is_private)


TensorStore = tvm_ffi.object_class("tirx.TensorStore")


@register_object("tirx.Bind")
class Bind(Stmt):
    """``Bind(x, value)``: binds the variable ``x`` to ``value`` for the statements after it in
    its block (printed ``x: T.let[T.int32] = value``); a Python number is a constant of ``x``'s
    type."""

    def __init__(self, var: Var, value: Any, loc: Any = None) -> None:
        if not isinstance(var, Var):
            raise TypeError(f"`Bind` binds a variable (`T.Var(...)`), got `{type(var).__name__}`")
        if isinstance(value, (bool, int, float)):
            value = _make_const(var.ty, value)
        self.__ffi_init__(var, value)


While = tvm_ffi.object_class("tirx.While")
SeqStmt = tvm_ffi.object_class("tirx.SeqStmt")
Evaluate = tvm_ffi.object_class("tirx.Evaluate")
DeclTensor = tvm_ffi.object_class("tirx.DeclTensor")
AssertStmt = tvm_ffi.object_class("tirx.AssertStmt")
AttrStmt = tvm_ffi.object_class("tirx.AttrStmt")
Break = tvm_ffi.object_class("tirx.Break")
Continue = tvm_ffi.object_class("tirx.Continue")


# ---- S-TIR blocks (core/tirx/include/tvm/tirx/sblock.h) ----


class IterVarKind(enum.IntEnum):
    """How a block's iteration variable iterates (tirx.IterVar.kind); Apache TVM's values."""

    DATA_PAR = 0  # T.axis.spatial
    THREAD_INDEX = 1
    COMM_REDUCE = 2  # T.axis.reduce
    ORDERED = 3  # T.axis.scan
    OPAQUE = 4  # T.axis.opaque
    UNROLLED = 5
    VECTORIZED = 6
    PARALLELIZED = 7
    TENSORIZED = 8


def _range(dom: Any, var: Var) -> Any:
    """A domain: a Range, an extent ``n`` (``[0, n)``), or a pair ``(start, end)``; int bounds
    take the variable's type."""
    if isinstance(dom, Object) and not isinstance(dom, Expr):
        return dom
    start, end = dom if isinstance(dom, (tuple, list)) else (0, dom)
    return Range(_bound(start, var), _bound(end, var))


@printable
@register_object("tirx.IterVar")
class IterVar(Object):
    """A block's iteration variable ``var`` over ``dom`` (a Range, an extent or ``(lo, hi)``)."""

    def __init__(self, var: Var, dom: Any, kind: IterVarKind = IterVarKind.DATA_PAR,
                 thread_tag: str = "") -> None:
        self.__ffi_init__(var, _range(dom, var), int(kind), thread_tag)

    @property
    def iter_kind(self) -> IterVarKind:
        return IterVarKind(self.kind)


@printable
@register_object("tirx.BufferRegion")
class BufferRegion(Object):
    """``tensor[region...]``: one Range per dimension (an int or Expr is the point ``[i, i+1)``)."""

    def __init__(self, tensor: Var, region: Sequence[Any]) -> None:
        ranges = []
        for item in region:
            if isinstance(item, Range):
                ranges.append(item)
            else:
                start = item if isinstance(item, Expr) else _make_const(PrimType("int32"), item)
                ranges.append(Range(start, start + 1))
        self.__ffi_init__(tensor, ranges)


@printable
@register_object("tirx.MatchBufferRegion")
class MatchBufferRegion(Object):
    """``tensor = T.match_buffer(source, ...)`` in a block: ``tensor`` views the region."""

    def __init__(self, tensor: Var, source: BufferRegion) -> None:
        self.__ffi_init__(tensor, source)


@register_object("tirx.SBlock")
class SBlock(Stmt):
    """A block (``with T.sblock(name_hint):``); what its realize binds are ``iter_vars``."""

    def __init__(
        self,
        iter_vars: Sequence[IterVar],
        reads: Sequence[BufferRegion],
        writes: Sequence[BufferRegion],
        name_hint: str,
        body: Stmt,
        init: Optional[Stmt] = None,
        alloc_buffers: Sequence[Var] = (),
        match_buffers: Sequence[MatchBufferRegion] = (),
        annotations: Optional[Dict[str, Any]] = None,
    ) -> None:
        self.__ffi_init__(list(iter_vars), list(reads), list(writes), name_hint, body, init,
                          list(alloc_buffers), list(match_buffers), annotations or {})


@register_object("tirx.SBlockRealize")
class SBlockRealize(Stmt):
    """Runs ``block`` with its iteration variables bound to ``iter_values`` when ``predicate``
    (default true)."""

    def __init__(self, iter_values: Sequence[Any], block: SBlock, predicate: Any = True) -> None:
        if isinstance(predicate, bool):
            predicate = _make_const(PrimType("bool"), predicate)
        self.__ffi_init__(list(iter_values), predicate, block)
