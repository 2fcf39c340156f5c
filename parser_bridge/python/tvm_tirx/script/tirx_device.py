"""The device-kernel language: regions and scope ids (issue 23, item 2; docs/frontend.md,
"Device kernels").

Regions, the reference's (apache-tvm-tirx 0.1.0a4): ``with T.device_entry():`` opens the device
code of a kernel, ``T.device_scope``, ``T.compute_scope("helper")``, ``T.device_context(type,
id)`` and ``T.parallel_launch()`` the others; each builds a ``tirx.DeviceRegion`` (the reference's
RegionStmt of op ``tirx.<region>``). Written as a bare statement (``T.device_entry()``, Apache
TVM's spelling, which the reference reads too) a region holds the rest of its block.

Scope ids, Apache TVM 0.27's: ``bx = T.cta_id([4])``, ``tx, ty = T.thread_id([8, 4])``: the
index variables of one level of the kernel's hierarchy (``tirx.ScopeIdDef``), int32 unless
``dtype="uint32"``; an extent may be left out (``T.cluster_id()``) and is then inferred by
Apache TVM's lowering. A bare ``T.cta_id([1])`` defines a variable named ``v``, as Apache TVM
does.
"""

from __future__ import annotations

import threading
from typing import Any, Iterator, List, Optional, Sequence

from tvm_ffi import get_global_func, register_object

from .. import IntImm
from .ir_classes import StringImm
from .builder import Frame, Loc, NamedByBinding, enter_bare, span_of
from .recorded import NotAnalysedYet
from .tirx_builder import attr as _statement_attr
from .tirx_builder import emit_ as _emit_statement
from .tirx_protocol import FrameScope

_region = get_global_func("tirx.builder.DeviceRegion")
_scope_id = get_global_func("tirx.builder.ScopeId")
_scope_id_name = get_global_func("tirx.builder.ScopeIdName")
_scope_id_emit = get_global_func("tirx.builder.ScopeIdEmit")
_scope_id_at = get_global_func("tirx.builder.ScopeIdAt")


@register_object("tirx.builder.DeviceRegionFrame")
class DeviceRegionFrame(Frame):
    """A device region: ``with`` gives nothing to name (``as x`` binds None, as in the
    reference)."""

    def __enter__(self) -> Any:  # type: ignore[override]
        Frame.__enter__(self)
        return None


def _open_region(region: str, args: Sequence[Any], attrs: Any, body_params: Any) -> Any:
    if body_params:
        raise NotAnalysedYet(f"`T.{region}(body_params=...)` is not analysed yet")
    if attrs is not None and not (isinstance(attrs, dict)
                                  and all(isinstance(key, str) for key in attrs)):
        raise TypeError(f"`T.{region}` takes `attrs=` as a dict with string keys, got "
                        f"`{attrs!r}`"[:200])
    # A string operand (the helper's name) is a string constant, as the reference makes it.
    operands = [StringImm(a) if isinstance(a, str) else a for a in args]
    return _region(region, operands, dict(attrs or {}), span_of(None))


def device_entry(*launch_values: Any, launch: Any = None, kernel_attrs: Any = None,
                 backend_config: Any = None, attrs: Any = None, body_params: Any = None) -> Any:
    """``with T.device_entry():`` (or the bare ``T.device_entry()``, over the rest of the
    block): the device code of a kernel. Its CUDA launch configuration (``launch=``,
    ``kernel_attrs=``, ``backend_config=``, or launch operands with their
    ``cuda.launch_fields``) is not analysed yet."""
    for option, value in (("launch", launch), ("kernel_attrs", kernel_attrs),
                          ("backend_config", backend_config)):
        if value is not None:
            raise NotAnalysedYet(f"`T.device_entry({option}=...)` is not analysed yet")
    if launch_values and isinstance(attrs, dict) and "cuda.launch_fields" in attrs:
        raise NotAnalysedYet("`T.device_entry` launch operands are not analysed yet")
    return _open_region("device_entry", launch_values, attrs, body_params)


def device_scope(*args: Any, attrs: Any = None, ty_args: Any = None, ty: Any = None,
                 **kwargs: Any) -> Any:
    """``with T.device_scope():``: device code inside a function (the reference's pass wraps
    each body in one). The reference's generic operator options (``ty_args=``, ``ty=``, other
    keywords) are not analysed yet."""
    if ty_args is not None or ty is not None or kwargs:
        shown = "ty_args" if ty_args is not None else "ty" if ty is not None else next(iter(kwargs))
        raise NotAnalysedYet(f"`T.device_scope({shown}=...)` is not analysed yet")
    return _open_region("device_scope", args, attrs, None)


def compute_scope(name: Any, *, attrs: Any = None, body_params: Any = None) -> Any:
    """``with T.compute_scope("helper"):``: the body outlined as a named CPU helper."""
    return _open_region("compute_scope", [name], attrs, body_params)


def device_context(device_type: Any, device_id: Any, *, attrs: Any = None,
                   body_params: Any = None) -> Any:
    """``with T.device_context(2, 0):``: the device (type and id, scalar integers) that
    allocations and packed calls in the body assume; the runtime device is not changed."""
    return _open_region("device_context", [device_type, device_id], attrs, body_params)


def parallel_launch(*, attrs: Any = None, body_params: Any = None) -> Any:
    """``with T.parallel_launch():``: a team of CPU workers around parallel loops."""
    return _open_region("parallel_launch", [], attrs, body_params)


class _EnteringBare(threading.local):
    active = False


_ENTERING_BARE = _EnteringBare()
"""Whether emit_ is entering a bare scope id now (the only way one is entered)."""


class _ScopeIdSlot(NamedByBinding):
    """One name of ``a, b = T.thread_id([8, 4])``: the last one bound adds the definition."""

    def __init__(self, frame: "ScopeIdFrame", index: int) -> None:
        self.frame = frame
        self.index = index

    def bind(self, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
             ty: Any = None) -> Any:
        return self.frame.bind_slot(self.index, name, loc=loc, name_loc=name_loc, ty=ty)

    def __repr__(self) -> str:
        return f"{self.frame!r}[{self.index}]"


@register_object("tirx.builder.ScopeIdFrame")
class ScopeIdFrame(Frame, NamedByBinding):
    """``T.cta_id([4])`` before its statement names it: ``bx = ...`` and ``x, y = ...`` name
    the variables; a bare statement keeps Apache TVM's name ``v``."""

    def bind(self, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
             ty: Any = None) -> Any:
        if len(self.vars) != 1:
            raise ValueError(f"`T.{self.member}` of {len(self.vars)} extents defines "
                             f"{len(self.vars)} variables: unpack them, as in "
                             f"`{', '.join(f'v{i}' for i in range(len(self.vars)))} = ...`")
        return self.bind_slot(0, name, loc=loc, name_loc=name_loc, ty=ty)

    def bind_slot(self, index: int, name: str, *, loc: Optional[Loc] = None,
                  name_loc: Optional[Loc] = None, ty: Any = None) -> Any:
        if ty is not None:
            raise TypeError(f"`{name}` is a scope id: give its type with "
                            f"`T.{self.member}(..., dtype=...)`")
        var = _scope_id_name(self, index, name, span_of(name_loc if name_loc else loc))
        if index == len(self.vars) - 1:
            _scope_id_at(self, span_of(loc))
            _scope_id_emit(self)
        return var

    def __iter__(self) -> Iterator[_ScopeIdSlot]:
        return iter([_ScopeIdSlot(self, i) for i in range(len(self.vars))])

    def __enter__(self) -> Any:  # type: ignore[override]
        # Only a bare statement enters it (emit_); `with T.thread_id(...)` is not a scope, as
        # Apache TVM refuses it.
        if not _ENTERING_BARE.active:
            raise TypeError(f"`T.{self.member}(...)` defines variables, it is not a `with` "
                            f"scope: write `x = T.{self.member}(...)`")
        Frame.__enter__(self)
        return tuple(self.vars) if len(self.vars) > 1 else self.vars[0]

    def __repr__(self) -> str:
        return f"T.{self.member}(...)"


def _dtype_name(member: str, dtype: Any) -> str:
    name = getattr(dtype, "dtype", dtype)
    if not isinstance(name, str):
        if type(name).__name__ != "dtype":  # tvm_ffi's dtype of a PrimType
            raise TypeError(f"`T.{member}` takes `dtype=` as \"int32\" or \"uint32\", got "
                            f"`{type(dtype).__name__}`")
        name = str(name)
    return name


def _extent_list(member: str, what: str, extents: Any) -> Optional[List[Any]]:
    if extents is None:
        return None
    if not isinstance(extents, (list, tuple)):
        raise TypeError(f"`T.{member}` takes the {what} as a list, such as `[4]`, got "
                        f"`{type(extents).__name__}`")
    return list(extents)


def _make_scope_id(member: str, extents: Any, preferred: Any, dtype: Any) -> ScopeIdFrame:
    return _scope_id(member, _extent_list(member, "extents", extents),
                     _extent_list(member, "preferred extents", preferred),
                     _dtype_name(member, dtype),
                     span_of(None))


def cluster_id(extents: Any = None, dtype: Any = "int32") -> ScopeIdFrame:
    """``c = T.cluster_id([2])``: the cluster's index in the kernel."""
    return _make_scope_id("cluster_id", extents, None, dtype)


def cta_id(extents: Any = None, preferred: Any = None, dtype: Any = "int32") -> ScopeIdFrame:
    """``bx = T.cta_id([4])``: the CTA's (thread block's) index in the kernel; ``preferred``
    only under a cluster (ValueError here, as Apache TVM)."""
    return _make_scope_id("cta_id", extents, preferred, dtype)


def cta_id_in_cluster(extents: Any = None, preferred: Any = None,
                      dtype: Any = "int32") -> ScopeIdFrame:
    """``c = T.cta_id_in_cluster([2])``: the CTA's index in its cluster."""
    return _make_scope_id("cta_id_in_cluster", extents, preferred, dtype)


def cta_id_in_pair(dtype: Any = "int32") -> ScopeIdFrame:
    """``p = T.cta_id_in_pair()``: the CTA's index in its pair of CTAs (0 or 1): its extent is
    2, as Apache TVM records it, and printed as written (no extents)."""
    return _make_scope_id("cta_id_in_pair", [2], None, dtype)


def warpgroup_id(extents: Any = None, dtype: Any = "int32") -> ScopeIdFrame:
    """``wg = T.warpgroup_id([2])``: the warpgroup's index in the CTA."""
    return _make_scope_id("warpgroup_id", extents, None, dtype)


def warp_id(extents: Any = None, dtype: Any = "int32") -> ScopeIdFrame:
    """``w = T.warp_id([4])``: the warp's index in the CTA."""
    return _make_scope_id("warp_id", extents, None, dtype)


def warp_id_in_wg(extents: Any = None, dtype: Any = "int32") -> ScopeIdFrame:
    """``w = T.warp_id_in_wg([4])``: the warp's index in its warpgroup."""
    return _make_scope_id("warp_id_in_wg", extents, None, dtype)


def lane_id(extents: Any = None, dtype: Any = "int32") -> ScopeIdFrame:
    """``l = T.lane_id([32])``: the thread's index in its warp."""
    return _make_scope_id("lane_id", extents, None, dtype)


def thread_id(extents: Any = None, dtype: Any = "int32") -> ScopeIdFrame:
    """``tx = T.thread_id([128])``: the thread's index in the CTA."""
    return _make_scope_id("thread_id", extents, None, dtype)


def thread_id_in_wg(extents: Any = None, dtype: Any = "int32") -> ScopeIdFrame:
    """``t = T.thread_id_in_wg([128])``: the thread's index in its warpgroup."""
    return _make_scope_id("thread_id_in_wg", extents, None, dtype)


DEVICE_ENTRY_KEY = "tirx.device_entry"
"""The attribute Apache TVM 0.27 builds for ``T.device_entry()`` (of value ``True``)."""


def _is_true(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    return isinstance(value, IntImm) and str(value.ty.dtype) == "bool" and value.value == 1


class AttrScope(FrameScope):
    """The attribute frames of one ``T.attr({...})`` of several items."""


def attr(node: Any, attr_key: Any = None, value: Any = None) -> Any:
    """``T.attr(node, "key", value)`` (tirx_builder.attr), and Apache TVM 0.27's dict form,
    which its device kernels write for their attributes (``T.attr({"tirx.max_registers":
    92})``): one attribute scope of node 0 per item, the first outermost, a bool value a bool
    constant. A single item is one frame, several a ``T.frame_scope`` of them; either form is
    a ``with`` scope or a bare statement over the rest of the block, as 0.27 reads it. The item
    ``"tirx.device_entry": True`` is the device-entry region, which is what 0.27 builds for
    ``T.device_entry()`` and how it prints one."""
    if not isinstance(node, dict) or (attr_key is not None and value is not None):
        # A map node with its key and value (`T.attr({...}, "tirx_hint", 1)`) is one scope.
        return _statement_attr(node, attr_key, value)
    if attr_key is not None or value is not None:
        raise TypeError("`T.attr({...})` takes the attributes alone, or a node, a key and a "
                        "value")
    if not node:
        raise ValueError("`T.attr({...})` takes at least one attribute")
    frames = []
    for key, item in node.items():
        if not isinstance(key, str):
            raise TypeError(f"`T.attr({{...}})` takes string keys, got "
                            f"`{type(key).__name__}`")
        if key == DEVICE_ENTRY_KEY and _is_true(item):
            # 0.27's `T.device_entry()` is this attribute, and its print writes it so.
            frames.append(device_entry())
        else:
            frames.append(_statement_attr(0, key, item))
    return frames[0] if len(frames) == 1 else AttrScope(frames)


HINT_KEY = "tirx_hint"
"""The attribute key of ``T.hint``'s scope."""


def hint(message: Any = "", **attrs: Any) -> Any:
    """``T.hint("persistent scheduler", depth=4)`` (apache-tvm 0.27, its sketch language's
    directive): an attribute scope of key ``"tirx_hint"`` and value 1 whose node is the map of
    the message (left out when empty) and the keywords, in that order, as 0.27 builds it; a
    ``with`` scope or a bare statement over the rest of the block. The keyword values are kept
    as given (plain data), as 0.27 keeps them."""
    if not isinstance(message, str):
        raise TypeError(f"`T.hint` takes its message as a string, got "
                        f"`{type(message).__name__}`")
    node = {"message": message} if message else {}
    node.update(attrs)
    return _statement_attr(node, HINT_KEY, 1)


def emit_(value: Any, *, loc: Optional[Loc] = None) -> None:
    """An expression statement (tirx_builder.emit_), and a bare scope id (``T.cta_id([1])``,
    which Apache TVM reads as ``v = T.cta_id([1])``): entered as a frame over the rest of the
    block, which places its definition before the statements that follow. A bare
    ``T.attr({...})`` of several items enters each of its frames so, in order."""
    if isinstance(value, AttrScope):
        for frame in value.frames:
            enter_bare(frame)
        return
    if isinstance(value, ScopeIdFrame):
        _scope_id_at(value, span_of(loc))
        _ENTERING_BARE.active = True
        try:
            enter_bare(value)
        finally:
            _ENTERING_BARE.active = False
        return
    _emit_statement(value, loc=loc)


REGIONS = ("device_entry", "device_scope", "compute_scope", "device_context",
           "parallel_launch")
"""The region members (tirx.py declares them statements)."""

SCOPE_IDS = ("cluster_id", "cta_id", "cta_id_in_cluster", "cta_id_in_pair", "warpgroup_id",
             "warp_id", "warp_id_in_wg", "lane_id", "thread_id", "thread_id_in_wg")
"""The scope-id members, Apache TVM's (tirx.py declares them legacy)."""
