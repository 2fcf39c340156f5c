"""S-TIR blocks as apache-tvm 0.27 writes them: ``with T.sblock("C"):``, ``T.axis.*``,
``T.where``, ``T.reads``/``T.writes``, ``T.sblock_attr``, ``with T.init():``,
``T.sblock_alloc_buffer``, and ``T.match_buffer`` of a region. The same members are ``Ts``'s
(s_tir.py). The frames and the type rules are C++ (core/tirx/src/builder/sblock_frames.cc); this
module turns Python's values (domains as ints or pairs, lists of regions) into their arguments
and names what an assignment names (docs/frontend.md, "S-TIR blocks")."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from tvm_ffi import get_global_func

from .. import ir as _ir
from . import tirx_builder as _tb
from .builder import Loc, NamedByBinding, ScopeSpec, span_of
from .recorded import NotAnalysedYet
from .tirx_tensor_type import tensor_type

_b = {name: get_global_func("tirx.builder." + name) for name in (
    "SBlock", "SBlockInit", "Axis", "Where", "Reads", "Writes", "SBlockAttrs",
    "SBlockAllocBuffer", "MatchBufferRegion", "LoopDomain")}

# Apache TVM's IterVarType values (tvm/tirx/sblock.h IterVarKind).
_SPATIAL, _REDUCE, _SCAN, _OPAQUE = 0, 2, 3, 4
_REMAP_KINDS = {"S": _SPATIAL, "R": _REDUCE}


class BlockSpec(ScopeSpec):
    """``T.sblock("C")`` before ``with`` opens it (the with hook gives the location)."""

    def __init__(self, name: str, no_realize: bool, member: str) -> None:
        self.name = name
        self.no_realize = no_realize
        self.member = member

    def frame(self, loc: Optional[Loc]) -> Any:
        return _b["SBlock"](self.name, self.no_realize, self.member == "block", span_of(loc))

    def __repr__(self) -> str:
        return f"T.{self.member}({self.name!r})"


class InitSpec(ScopeSpec):
    """``T.init()`` before ``with`` opens it."""

    def frame(self, loc: Optional[Loc]) -> Any:
        return _b["SBlockInit"](span_of(loc))

    def __repr__(self) -> str:
        return "T.init()"


def _block_name(name: Any, member: str) -> str:
    if isinstance(name, list):
        raise NotAnalysedYet(f"`T.{member}([...])` (a scope slice) is not analysed yet")
    if not isinstance(name, str):
        raise TypeError(f"`T.{member}` takes the block's name as a str, got "
                        f"`{type(name).__name__}`")
    return name


def sblock(name: str = "", no_realize: bool = False, exec_scope: str = "") -> BlockSpec:
    """``with T.sblock("C"):``: a block of an S-TIR function (``@T.prim_func(s_tir=True)``)."""
    if exec_scope:
        raise NotAnalysedYet("`T.sblock(exec_scope=...)` is not analysed yet")
    return BlockSpec(_block_name(name, "sblock"), bool(no_realize), "sblock")


def block(name: str = "", no_realize: bool = False) -> BlockSpec:
    """``with T.block("C"):``, the spelling of Apache TVM releases before ``T.sblock``: the same
    block; as those releases did, it makes its function an S-TIR one."""
    return BlockSpec(_block_name(name, "block"), bool(no_realize), "block")


def init() -> InitSpec:
    """``with T.init():`` directly in a block: what its reduction starts with."""
    return InitSpec()


def where(predicate: Any) -> None:
    """``T.where(cond)``: the block runs only where ``cond`` holds (0 and 1 are booleans)."""
    if isinstance(predicate, int) and not isinstance(predicate, bool):
        if predicate not in (0, 1):
            raise ValueError(f"`T.where` takes a condition, got the int {predicate}")
        predicate = bool(predicate)
    _b["Where"](predicate)


def _accesses(member: str, accesses: Tuple[Any, ...]) -> List[Any]:
    """``T.reads(A[i], B[0:4])``, ``T.reads([A[i], B[0:4]])`` or ``T.reads((...))``."""
    if len(accesses) == 1 and isinstance(accesses[0], (list, tuple)):
        accesses = tuple(accesses[0])
    for access in accesses:
        if isinstance(access, (list, tuple)):
            raise TypeError(f"`T.{member}` takes regions (`A[i, 0:4]`), not a nested list")
    return list(accesses)


def reads(*accesses: Any) -> None:
    """``T.reads(A[vi, 0:16], B[vj])``: the regions the block reads."""
    _b["Reads"](_accesses("reads", accesses))


def writes(*accesses: Any) -> None:
    """``T.writes(C[vi, vj])``: the regions the block writes."""
    _b["Writes"](_accesses("writes", accesses))


def sblock_attr(attrs: Dict[str, Any]) -> None:
    """``T.sblock_attr({"key": value})``: the block's annotations."""
    if not isinstance(attrs, dict):
        raise TypeError(f"`T.sblock_attr` takes a dict, got `{type(attrs).__name__}`")
    _b["SBlockAttrs"](attrs)


block_attr = sblock_attr


class PendingAxis(NamedByBinding):
    """``T.axis.spatial(dom, binding)`` before the assignment names the block variable."""

    def __init__(self, kind: int, member: str, dom: Optional[Tuple[Any, Any]], binding: Any,
                 dtype: Any) -> None:
        self.kind = kind
        self.member = member
        self.dom = dom  # None for T.axis.remap: the loop's domain
        self.binding = binding
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"T.axis.{self.member}(...)"

    def unassigned_error(self) -> Exception:
        return ValueError(f"`T.axis.{self.member}(...)` must be assigned to a name: "
                          f"`vi = T.axis.{self.member}(...)`")

    def bind(self, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
             ty: Any = None) -> Any:
        if ty is not None:
            raise TypeError(f"`{name}` is a block variable: its type comes from "
                            f"`T.axis.{self.member}`, not an annotation")
        start, end = self.dom if self.dom is not None else _b["LoopDomain"](self.binding)
        return _b["Axis"](self.kind, start, end, self.binding, self.dtype, name,
                          span_of(name_loc))


def _domain(dom: Any, member: str) -> Tuple[Any, Any]:
    """Apache TVM's domains: an extent (from 0), a pair ``(lo, hi)``, or a ``T.Range``."""
    if isinstance(dom, _ir.Range):
        return dom.start, dom.end
    if isinstance(dom, (list, tuple)):
        if len(dom) != 2:
            raise ValueError(f"`T.axis.{member}` takes a domain `(start, end)` of two bounds, "
                             f"got {len(dom)}")
        return dom[0], dom[1]
    if isinstance(dom, bool) or not isinstance(dom, (int, _ir.Expr)):
        raise TypeError(f"`T.axis.{member}` takes a domain (an extent, `(start, end)` or "
                        f"`T.Range`), got `{type(dom).__name__}`")
    return 0, dom  # the literal start adopts the variable's type


def _axis(kind: int, member: str) -> Any:
    def make(dom: Any, binding: Any, dtype: Any = "int32") -> PendingAxis:
        return PendingAxis(kind, member, _domain(dom, member), binding, _tb.dtype_of(dtype))

    make.__name__ = member
    make.__doc__ = (f"``vi = T.axis.{member}(dom, binding)``: a block variable over ``dom`` "
                    "(an extent, ``(start, end)`` or ``T.Range``), bound to ``binding``.")
    return make


def _remap(kinds: str, bindings: Any, dtype: Any = "int32") -> Union[PendingAxis,
                                                                      List[PendingAxis]]:
    """``vi, vj = T.axis.remap("SR", [i, j])``: one block variable per letter (``S`` spatial,
    ``R`` reduce), over the domain of the loop of the variable it is bound to."""
    if not isinstance(kinds, str):
        raise TypeError(f"`T.axis.remap` takes its kinds as a str such as \"SSR\", got "
                        f"`{type(kinds).__name__}`")
    bindings = list(bindings) if isinstance(bindings, (list, tuple)) else [bindings]
    if len(kinds) != len(bindings):
        raise ValueError(f"`T.axis.remap(\"{kinds}\", ...)` has {len(kinds)} kinds for "
                         f"{len(bindings)} bindings")
    axes = []
    for letter, binding in zip(kinds, bindings):
        if letter not in _REMAP_KINDS:
            raise ValueError(f"`T.axis.remap` kinds are `S` (spatial) and `R` (reduce), got "
                             f"{letter!r}")
        member = "spatial" if letter == "S" else "reduce"
        axes.append(PendingAxis(_REMAP_KINDS[letter], member, None, binding,
                                _tb.dtype_of(dtype)))
    return axes[0] if len(axes) == 1 else axes


class BlockAxes:
    """``T.axis``: the block variable constructors."""

    # What untrusted source may read on it (parser/untrusted.py).
    __tvm_script_members__ = frozenset(("spatial", "reduce", "scan", "opaque", "remap", "S", "R"))

    def __init__(self, prefix: str = "T") -> None:
        self._prefix = prefix
        self.spatial = _axis(_SPATIAL, "spatial")
        self.reduce = _axis(_REDUCE, "reduce")
        self.scan = _axis(_SCAN, "scan")
        self.opaque = _axis(_OPAQUE, "opaque")
        self.remap = _remap
        self.S = self.spatial
        self.R = self.reduce

    def __repr__(self) -> str:
        return f"{self._prefix}.axis"


axis = BlockAxes()


class NamedTensor(NamedByBinding):
    """A tensor declaration (``X = T.sblock_alloc_buffer(...)``, ``A = T.match_buffer(...)``)
    before the assignment names it: ``make(name, name_span)`` declares it."""

    def __init__(self, what: str, make: Callable[[str, Any], Any]) -> None:
        self.what = what
        self.make = make

    def __repr__(self) -> str:
        return f"{self.what}(...)"

    def statement_name(self) -> Optional[str]:
        # apache-tvm 0.27 names the tensor of a bare `T.match_buffer(a, ...)` statement `buffer`.
        return "buffer" if self.what == "T.match_buffer" else None

    def bind(self, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
             ty: Any = None) -> Any:
        if ty is not None:
            raise TypeError(f"`{name}` is a tensor: its type comes from `{self.what}`, not an "
                            "annotation")
        return self.make(name, span_of(name_loc))


def sblock_alloc_buffer(shape: Any = None, dtype: Any = "float32", data: Any = None,
                        strides: Optional[Sequence[Any]] = None, elem_offset: Any = None,
                        scope: str = "global", align: int = -1, offset_factor: int = 0,
                        layout: Any = "default", allocated_addr: Any = None, *,
                        ty_args: Optional[Sequence[Any]] = None) -> Any:
    """``X = T.sblock_alloc_buffer((16, 16), "float32")``: a tensor of the innermost block, or
    of the root block at the top of an S-TIR function. The canonical spelling gives the type:
    ``X = Ts.sblock_alloc_buffer(ty_args=[T.Tensor((16, 16), T.float32)])``."""
    if ty_args is not None:
        if shape is not None:
            raise TypeError("`T.sblock_alloc_buffer` takes a shape or `ty_args`, not both")
        ty = _tb.single_type(ty_args, "sblock_alloc_buffer")
    elif shape is None:
        raise TypeError("`T.sblock_alloc_buffer` needs a shape (or `ty_args=[T.Tensor(...)]`)")
    else:
        ty = tensor_type("T.sblock_alloc_buffer", shape, dtype, strings=False, strides=strides,
                         elem_offset=elem_offset, scope=scope, align=align, data=data,
                         offset_factor=offset_factor, layout=layout,
                         allocated_addr=allocated_addr)
    return NamedTensor("T.sblock_alloc_buffer",
                       lambda name, span: _b["SBlockAllocBuffer"](name, ty, span))


def region_view(source: Any, ty: Any) -> NamedTensor:
    """``sub = T.match_buffer(A[vi, 0:4], (4,))`` in a block: a view of the region."""
    return NamedTensor("T.match_buffer",
                       lambda name, span: _b["MatchBufferRegion"](name, ty, source, span))


# The members of block syntax, T's and Ts's alike.
BLOCK_MEMBERS = ("axis", "block", "block_attr", "init", "reads", "sblock", "sblock_alloc_buffer",
                 "sblock_attr", "where", "writes")

__all__ = ["BLOCK_MEMBERS", "BlockAxes", "BlockSpec", "InitSpec", "NamedTensor", "PendingAxis",
           "axis", "region_view", "block", "block_attr", "init",
           "reads", "sblock", "sblock_alloc_buffer", "sblock_attr", "where", "writes"]
