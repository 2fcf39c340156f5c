"""The reference's layouts under ``T`` (docs/frontend.md, "Layouts"): ``T.Axis``, ``T.Iter``,
``T.S[...]``, ``T.R[...]``, ``T.TileLayout``, ``T.ComposeLayout`` and ``T.Layout``; the nodes are
``core/tirx/include/tvm/tirx/layout.h``'s.

``T.S[(8, 4):(4 @ laneid, 1)] + T.R[2:1 @ warpid] + 3`` composes a layout by operators. The
reference holds the parts in private Python helpers; ours holds every part as a ``TileLayout``
(``T.S[...]`` is one of shard factors only, ``4 @ axis`` one of a single origin), so untrusted
text combines them as the IR values they are (parser/evaluator_values.py applies operators to IR
values only) and ``T.TileLayout(spec)`` is the composed value itself.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Sequence

from tvm_ffi import get_global_func, register_object
from tvm_ffi import structural_equal as _structural_equal

from ..ir import Expr, Object, printable
from .recorded import NotAnalysedYet

_make_const = get_global_func("tirx.make_const")
_default_typed_literal = get_global_func("tirx.op.default_typed_literal")
_INT64 = range(-(1 << 63), 1 << 63)

MEMBERS = ("Axis", "ComposeLayout", "Iter", "Layout", "R", "S", "TileLayout")
"""The members ``T`` takes from here (kind ``constructor``)."""


def _integer(value: Any, what: str) -> Any:
    """A layout's extent, stride or origin: an int as the reference types it (int32, int64 past
    its range), or an integer expression (the node checks its type)."""
    if isinstance(value, bool) or isinstance(value, float):
        raise TypeError(f"{what} must be an integer, got {value!r}")
    if isinstance(value, int):
        if value not in _INT64:
            raise ValueError(f"{what} must fit in int64, got {value}")
        return _default_typed_literal(value)
    if not isinstance(value, Expr):
        raise TypeError(f"{what} must be an integer, got `{type(value).__name__}`")
    return value


@printable
@register_object("tirx.Layout")
class Layout(Object):
    """The base of every layout (``T.TileLayout``, ``T.ComposeLayout``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("`T.Layout` is the base of the layouts: build a `T.TileLayout` or a "
                        "`T.ComposeLayout`")


@printable
@register_object("tirx.Axis")
class Axis(Object):
    """A named physical coordinate: ``T.Axis.get("laneid")``, ``T.Axis.m``; ``4 @ axis`` is
    the value 4 on it (a stride or an origin)."""

    @staticmethod
    def get(name: str) -> "Axis":
        """The axis of that name; ValueError for a name no backend of the reference registers."""
        if not isinstance(name, str):
            raise TypeError(f"`T.Axis.get` takes an axis name, got `{type(name).__name__}`")
        return Axis(name)  # type: ignore[call-arg]

    def __init__(self, name: str) -> None:
        self.__ffi_init__(name)

    def __rmatmul__(self, value: Any) -> "TileLayout":
        return TileLayout.from_iters(offset={self.name: _integer(value, "a value on an axis")})


Axis.m = Axis.get("m")  # type: ignore[attr-defined]


@printable
@register_object("tirx.Iter")
class Iter(Object):
    """``T.Iter(extent, stride, axis)``: ``extent`` positions ``stride`` apart on ``axis`` (an
    Axis or its name)."""

    def __init__(self, extent: Any, stride: Any, axis: Any) -> None:
        if isinstance(axis, str):
            axis = Axis.get(axis)
        self.__ffi_init__(_integer(extent, "`T.Iter` extent"),
                          _integer(stride, "`T.Iter` stride"), axis)


def _as_tuple(value: Any) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _on_axis(stride: Any) -> Optional[tuple]:
    """``4 @ laneid`` as a stride: (4, laneid); None for a plain stride."""
    if not isinstance(stride, TileLayout):
        return None
    if len(stride.shard) or len(stride.replica) or len(stride.offset) != 1:
        raise TypeError("a layout's stride is a value or `value @ axis`, got a layout")
    ((axis, value),) = stride.offset.items()
    return value, axis


def _row_major_strides(extents: Sequence[Any], what: str) -> list:
    """Contiguous row-major strides, as the reference's ``_get_default_strides`` computes them:
    Python ints multiply as Python ints (a stride past int32 is an int64 constant), and the unit
    stride takes the type of the first extent that is an expression of another type than
    int32 (an int64 shape gets int64 strides)."""
    stride: Any = 1
    for extent in extents:
        if isinstance(extent, Expr) and str(extent.ty.dtype) != "int32":
            stride = _make_const(extent.ty, 1)
            break
    strides = []
    for index in reversed(range(len(extents))):
        extent = extents[index]
        if isinstance(extent, bool) or not isinstance(extent, (int, Expr)):
            raise TypeError(f"{what} must be an integer, got {extent!r}")
        if isinstance(stride, int) and stride not in _INT64:  # checked at once: no huge products
            raise ValueError(f"the row-major stride of dimension {index} passes int64: {stride}")
        strides.append(stride)
        stride = stride * extent
    return list(reversed(strides))


def _factors(kind: str, key: Any) -> list:
    """The Iters of ``T.S[key]`` / ``T.R[key]``: ``extents : strides`` or extents alone
    (contiguous row-major memory); one stride per extent."""
    if isinstance(key, slice):
        if key.step is not None:
            raise TypeError(f"`T.{kind}[extents : strides]` takes no step")
        extents, strides = _as_tuple(key.start), _as_tuple(key.stop)
        if len(extents) != len(strides):
            raise ValueError(f"`T.{kind}[extents : strides]` needs one stride per extent: got "
                             f"{len(extents)} extent{'s' if len(extents) != 1 else ''} and "
                             f"{len(strides)} stride{'s' if len(strides) != 1 else ''}")
    else:
        extents, strides = _as_tuple(key), None
    if strides is None:
        strides = _row_major_strides(extents, f"a `T.{kind}` extent")
    iters = []
    for extent, stride in zip(extents, strides):
        pair = _on_axis(stride)
        value, axis = pair if pair is not None else (stride, Axis.m)
        iters.append(Iter(_integer(extent, f"a `T.{kind}` extent"), value, axis))
    return iters


class _FactorSpec:
    """``T.S[...]`` (shard factors) and ``T.R[...]`` (replica factors): a TileLayout of those
    factors alone, for ``+`` to combine."""

    __slots__ = ("_kind",)

    def __init__(self, kind: str) -> None:
        self._kind = kind

    def __getitem__(self, key: Any) -> "TileLayout":
        iters = _factors(self._kind, key)
        if self._kind == "S":
            return TileLayout.from_iters(shard=iters)
        return TileLayout.from_iters(replica=iters)

    def __repr__(self) -> str:
        return f"T.{self._kind}"


S = _FactorSpec("S")
R = _FactorSpec("R")


def _origins(layout: "TileLayout") -> Dict[str, Any]:
    """A layout's origins by axis name (names, not axis objects, key Python's dicts)."""
    return {axis.name: value for axis, value in layout.offset.items()}


def _offset_of(value: Any) -> Dict[str, Any]:
    """An origin term: ``3`` (on ``m``, as the reference reads a plain value) or ``value @ axis``
    sums."""
    if isinstance(value, TileLayout):
        if len(value.shard) or len(value.replica):
            raise TypeError("a layout's origin is `value`, `value @ axis` or a sum of them; "
                            "got a layout with factors")
        return _origins(value)
    return {"m": _integer(value, "a layout's origin")}


def _merge_offsets(a: Dict[str, Any], b: Dict[str, Any]) -> Dict[str, Any]:
    merged = dict(a)
    for axis, value in b.items():
        merged[axis] = merged[axis] + value if axis in merged else value
    return merged


@printable
@register_object("tirx.TileLayout")
class TileLayout(Layout):
    """``T.TileLayout(T.S[(8, 4):(4, 1)] + T.R[2:1 @ laneid] + 3)``: shard factors, replica
    factors and a per-axis origin; ``T.TileLayout.from_iters(shard=[...], replica=[...],
    offset={"m": 3})`` gives the parts directly."""

    def __init__(self, spec: Any) -> None:
        if not isinstance(spec, TileLayout):
            raise TypeError("`T.TileLayout` takes a layout specification, `T.S[...]` with "
                            f"optional `+ T.R[...]` and `+ offset`; got `{type(spec).__name__}`")
        self.__ffi_init__(list(spec.shard), list(spec.replica), dict(spec.offset.items()))

    @staticmethod
    def from_iters(shard: Sequence[Any] = (), replica: Sequence[Any] = (),
                   offset: Optional[Dict[Any, Any]] = None) -> "TileLayout":
        """The layout of these factors and origins (an origin's axis may be given by name)."""
        origins = {}
        for axis, value in (offset or {}).items():
            axis = Axis.get(axis) if isinstance(axis, str) else axis
            if not isinstance(axis, Axis):
                raise TypeError("a layout's origins are keyed by axis (or its name), got "
                                f"`{type(axis).__name__}`")
            origins[axis] = _integer(value, "a layout's origin")
        layout = TileLayout.__new__(TileLayout)
        layout.__ffi_init__(list(shard), list(replica), origins)
        return layout

    def __add__(self, other: Any) -> "TileLayout":
        if isinstance(other, TileLayout) and (len(other.shard) or len(other.replica)):
            # The reference's rule: the first shard given, the last replica given.
            shard = self.shard if len(self.shard) else other.shard
            replica = other.replica if len(other.replica) else self.replica
            return TileLayout.from_iters(shard, replica,
                                         _merge_offsets(_origins(self), _origins(other)))
        return TileLayout.from_iters(self.shard, self.replica,
                                     _merge_offsets(_origins(self), _offset_of(other)))

    def __radd__(self, other: Any) -> "TileLayout":
        return TileLayout.from_iters(self.shard, self.replica,
                                     _merge_offsets(_offset_of(other), _origins(self)))


@printable
@register_object("tirx.ComposeLayout")
class ComposeLayout(Layout):
    """``T.ComposeLayout(per_element, swizzle_len, atom_len, tile_layout, swizzle_inner=True)``:
    ``tile_layout``'s memory offset XOR-swizzled."""

    def __init__(self, per_element: int, swizzle_len: int, atom_len: int, tile_layout: Any,
                 swizzle_inner: bool = True) -> None:
        for name, value in (("per_element", per_element), ("swizzle_len", swizzle_len),
                            ("atom_len", atom_len)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"`T.ComposeLayout`: `{name}` is an int, got "
                                f"`{type(value).__name__}`")
            if value not in _INT64:
                raise ValueError(f"`T.ComposeLayout`: `{name}` must fit in int64, got {value}")
        if not isinstance(swizzle_inner, bool):
            raise TypeError("`T.ComposeLayout`: `swizzle_inner` is a bool, got "
                            f"`{type(swizzle_inner).__name__}`")
        if not isinstance(tile_layout, TileLayout):
            raise TypeError("`T.ComposeLayout` swizzles a `T.TileLayout`, got "
                            f"`{type(tile_layout).__name__}`")
        self.__ffi_init__(per_element, swizzle_len, atom_len, tile_layout, swizzle_inner)


def dtype_bits(dtype: str) -> int:
    """The bits of one lane of a dtype ("float16" 16, "float8_e4m3fn" 8, "bool" 1), as a data
    type's ``bits``: what turns a byte offset into elements."""
    found = re.match(r"[a-z]*?(\d+)", dtype)
    return int(found.group(1)) if found else 1


PLACEMENT_KEY = "tensor_allocated_addr"
"""The allocation attribute holding a tensor's placement: the reference's own name for it in
``T.alloc_tensor(annotations=...)``; apache-tvm 0.27's buffers call it ``allocated_addr``."""


def placement_of(placement: Any, what: str) -> List[Any]:
    """An allocated address as the IR holds it: one integer per memory dimension (``1024`` is
    ``[1024]``), a Python int as an int32 constant, as the reference normalises it."""
    values = list(placement) if isinstance(placement, (tuple, list)) else [placement]
    if not values:
        raise ValueError(f"`{what}`: an allocated address has at least one value")
    return [_integer(value, f"`{what}`: an allocated address") for value in values]


def tensor_layout(what: str, layout: Any, shape: Sequence[Any]) -> Any:
    """The layout a tensor type holds, from the reference's ``layout=``: a Layout as given,
    None or left out for none, ``"default"`` for contiguous row-major memory."""
    if layout is None or isinstance(layout, Layout):
        return layout
    if isinstance(layout, str) and layout == "default":
        return S[tuple(shape)]
    got = repr(layout) if isinstance(layout, str) else f"`{type(layout).__name__}`"
    raise TypeError(f"`{what}`: `layout` must be a Layout, None, or 'default'; got {got}")


def apache_layout(what: str, layout: Any, shape: Sequence[Any], scope: str) -> Any:
    """Apache TVM 0.27's ``layout=``: row-major memory unless given, so None, ``"default"`` and
    a layout equal to ``T.TileLayout(T.S[shape])`` are all the tensor of no layout (0.27
    prints none of them; it prints ``layout=None`` too, a tensor whose layout is left to its
    lowering, which ours reads as row-major: docs/frontend.md, "Layouts"). In Trainium's
    memories a string names a layout (``"PF"``, 0.27's ``TileLayout.trainium``), which ours
    does not build yet."""
    if isinstance(layout, str) and layout != "default" and scope in ("trn.sbuf", "trn.psum"):
        raise NotAnalysedYet(f"`{what}(layout={layout!r})`: Trainium's named layouts are not "
                             "analysed yet")
    layout = tensor_layout(what, layout, shape)
    if layout is None or _structural_equal(layout, tensor_layout(what, "default", shape)):
        return None
    return layout
