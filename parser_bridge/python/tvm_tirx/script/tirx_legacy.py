"""Today's TVMScript spelling (Apache TVM's), as members of the ``T`` namespace.

Most TVMScript in the wild is written for Apache TVM: ``@T.prim_func``, ``T.Buffer``,
``T.match_buffer``, ``n = T.int32()``, ``T.alloc_buffer`` ... These members build the same IR as
the canonical spelling (docs/printer.md), so a program prints in canonical form whichever
spelling it was written in. docs/frontend.md ("Today's spelling") has the whole mapping, and
what is rejected and why:

- S-TIR blocks (``T.block``, ``T.axis.*``, ``T.reads`` ...) raise ``NotAnalysedYet("S-TIR
  blocks are not analysed yet: `T.block`")`` (an information) where they are called;
- tensor options with no counterpart in a TIRx tensor type (``offset_factor``, ``byte_offset``,
  ``buffer_type``, ``axis_separators``, ``layout``, ``data``) raise a ValueError naming the
  argument when they are given a value other than their default;
- Apache intrinsics we have no operator for (``T.call_extern`` ...) raise NotImplementedError
  naming the operator, unless an operator ``tirx.<name>`` is registered.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any, Callable, Dict, Optional, Sequence

from tvm_ffi import Object as _FFIObject
from tvm_ffi import get_global_func

from .. import Broadcast as _BroadcastNode
from .. import IntImm as _IntImm
from .. import Ramp as _RampNode
from .. import cast as _cast
from .. import ir as _ir
from . import tirx_builder as _tb
from .builder import AlreadyEmitted, Loc, NamedByBinding
from .recorded import NotAnalysedYet, missing_member
from .tirx_sblock import NamedTensor, region_view
from .tirx_tensor_type import tensor_type
from .tirx_types import adopt_literal, default_typed

# What `T.match_buffer` views in a block: an IR value other than a variable (a tensor load
# `A[vi, 0:4]`, a region), which the builder checks.
_REGION_SOURCES = (_FFIObject,)
_region_of_access = get_global_func("tirx.builder.RegionOfAccess")

_match_param = get_global_func("tirx.builder.MatchParam")
_list_op_names = get_global_func("ir.ListOpNames")

# ``@T.prim_func`` (``@T.function`` under its Apache TVM name) is made in tirx.py: a decorator
# is bound to its namespace object, which that module is.


def break_loop() -> Any:
    """``T.break_loop()``: apache-tvm 0.27's print of ``break`` (the same statement, added at
    once; its receipt makes ``T.evaluate(T.break_loop())`` add nothing more)."""
    _tb.break_()
    return AlreadyEmitted(None)


def continue_loop() -> Any:
    """``T.continue_loop()``: apache-tvm 0.27's print of ``continue`` (as ``T.break_loop``)."""
    _tb.continue_()
    return AlreadyEmitted(None)


class _BufferType:
    """``T.Buffer((n, 4), "float32")`` and ``T.Buffer[(n, 4), "float32"]``: a tensor type, as
    ``T.Tensor`` builds it; string extents such as ``"n + 1"`` declare symbols."""

    def __call__(self, shape: Any, dtype: Any = "float32", data: Any = None,
                 strides: Optional[Sequence[Any]] = None, elem_offset: Any = None, *,
                 scope: str = "global", align: int = 0, offset_factor: int = 0,
                 byte_offset: Any = None, buffer_type: str = "",
                 axis_separators: Optional[Sequence[int]] = None, layout: Any = None) -> Any:
        return tensor_type("T.Buffer", shape, dtype, strings=True, strides=strides,
                            elem_offset=elem_offset, scope=scope, align=align, data=data,
                            offset_factor=offset_factor, byte_offset=byte_offset,
                            buffer_type=buffer_type, axis_separators=axis_separators,
                            layout=layout)

    def __getitem__(self, keys: Any) -> Any:
        if isinstance(keys, tuple) and len(keys) >= 2 and isinstance(keys[1],
                                                                      (str, _ir.PrimType)):
            return self(*keys)
        return self(keys)

    def __repr__(self) -> str:
        return "T.Buffer"


Buffer = _BufferType()


def match_buffer(param: Any, shape: Any = None, dtype: Any = "float32", data: Any = None,
                 strides: Optional[Sequence[Any]] = None, elem_offset: Any = None, *,
                 scope: str = "global", align: int = -1, offset_factor: int = 0,
                 buffer_type: str = "default", axis_separators: Optional[Sequence[int]] = None,
                 layout: Any = None, ty_args: Optional[Sequence[Any]] = None) -> NamedTensor:
    """``A = T.match_buffer(a, (n,), "float32")`` at the start of a body: the ``T.handle``
    parameter ``a`` becomes the tensor parameter ``A``; in a block, ``V = T.match_buffer(A[i,
    0:4], (4,))`` is a view of the region. The canonical spelling gives the type:
    ``Ts.match_buffer(A[i, 0:4], ty_args=[T.Tensor((4,), T.float32)])``."""
    if ty_args is not None:
        if shape is not None:
            raise TypeError("`T.match_buffer` takes a shape or `ty_args`, not both")
        ty = _tb.single_type(ty_args, "match_buffer")
        if isinstance(param, _REGION_SOURCES) and not isinstance(param, _ir.Var):
            return region_view(param, ty)
        return NamedTensor("T.match_buffer",
                           lambda name, span: _match_param(param, name, ty, span))
    is_region = isinstance(param, _REGION_SOURCES) and not isinstance(param, _ir.Var)
    if not is_region and not isinstance(param, _ir.Var):
        raise TypeError(f"`T.match_buffer` matches a `T.handle` parameter, got "
                        f"`{type(param).__name__}`")
    if shape is None and is_region:
        # `T.match_buffer(A[8:16, 0:4])`: the region's extents and the tensor's dtype, as in
        # Apache TVM.
        region = _region_of_access(param)
        shape = [r.end - r.start for r in region.region]
        dtype = region.tensor.ty.dtype
    if shape is None:
        raise TypeError("`T.match_buffer` of a parameter needs a shape")
    if strides is not None:
        # A named stride (`strides=("s0", 1)`) is a new symbol the view defines, as in Apache
        # TVM, of the shape's index type.
        first = shape[0] if isinstance(shape, (list, tuple)) and shape else shape
        index_type = first.ty if isinstance(first, _ir.Expr) else "int32"
        strides = [_ir.Var(s, index_type) if isinstance(s, str) else s for s in strides]
    ty = tensor_type("T.match_buffer", shape, dtype, strings=False, strides=strides,
                     elem_offset=elem_offset, scope=scope, align=align, data=data,
                     offset_factor=offset_factor, buffer_type=buffer_type,
                     axis_separators=axis_separators, layout=layout)
    if is_region:
        # `sub = T.match_buffer(A[vi, 0:4], (4,))` in a block: a view of the region.
        return region_view(param, ty)
    return NamedTensor("T.match_buffer",
                       lambda name, span: _match_param(param, name, ty, span))


def alloc_buffer(shape: Any, dtype: Any = "float32", data: Any = None,
                 strides: Optional[Sequence[Any]] = None, elem_offset: Any = None, *,
                 scope: str = "global", align: int = -1, offset_factor: int = 0,
                 buffer_type: str = "default", axis_separators: Optional[Sequence[int]] = None,
                 layout: Any = None, annotations: Optional[Dict[str, Any]] = None,
                 allocated_addr: Any = None) -> Any:
    """``X = T.alloc_buffer(shape, dtype, scope=...)``: ``T.alloc_tensor``; ``annotations``
    annotate the allocation, as ``T.alloc_tensor(..., annotations=...)`` does;
    ``allocated_addr`` (Apache TVM 0.27's device kernels, any scope) is its placement."""
    ty = tensor_type("T.alloc_buffer", shape, dtype, strings=False, strides=strides,
                      elem_offset=elem_offset, scope=scope, align=align, data=data,
                      offset_factor=offset_factor, buffer_type=buffer_type,
                      axis_separators=axis_separators, layout=layout)
    return _tb.alloc_tensor(allocated_addr, ty_args=[ty], annotations=annotations)


def decl_buffer(shape: Any, dtype: Any = "float32", data: Any = None,
                strides: Optional[Sequence[Any]] = None, elem_offset: Any = None, *,
                scope: str = "global", align: int = 0, offset_factor: int = 0,
                buffer_type: str = "", axis_separators: Optional[Sequence[int]] = None,
                layout: Any = None) -> Any:
    """``X = T.decl_buffer(shape, dtype, data=p)``: ``T.decl_tensor`` of ``p``; without
    ``data``, ``T.alloc_tensor``. Apache TVM's scope form ``with T.decl_buffer(...) as X:``
    builds the same (tirx_protocol.py ``with_``), so the pending tensor names its member."""
    ty = tensor_type("T.decl_buffer", shape, dtype, strings=False, strides=strides,
                      elem_offset=elem_offset, scope=scope, align=align,
                      offset_factor=offset_factor, buffer_type=buffer_type,
                      axis_separators=axis_separators, layout=layout)
    pending = (_tb.alloc_tensor(ty_args=[ty]) if data is None
               else _tb.decl_tensor(data, ty_args=[ty]))
    return dataclasses.replace(pending, what="decl_buffer")


# --- loops and expressions --------------------------------------------------------------------

def thread_binding(*args: Any, thread: Optional[str] = None, step: Any = 1,
                   annotations: Optional[Dict[str, Any]] = None, dtype: Any = None) -> Any:
    """``T.thread_binding(n, thread="threadIdx.x")``; today's spelling also passes the thread
    last among the positional arguments: ``T.thread_binding(0, n, "threadIdx.x")``."""
    positional = list(args)
    if positional and isinstance(positional[-1], str):
        if thread is not None:
            raise TypeError("`T.thread_binding` got the thread twice")
        thread = positional.pop()
    return _tb.thread_binding(*positional, step=step, thread=thread, annotations=annotations,
                              dtype=dtype)


def _lanes(lanes: Any) -> Any:
    """A lane count: an int, or an int32 constant (``T.int32(4)``, as a shuffle prints it).
    Apache TVM's scalable count (``T.vscale() * 4``) is not analysed yet: TIRx vectors have a
    fixed number of lanes."""
    if isinstance(lanes, _IntImm) and str(lanes.ty.dtype) == "int32":
        return lanes.value
    if isinstance(lanes, _ir.Expr):
        raise NotAnalysedYet("Scalable vectors (a lane count such as `T.vscale() * 4`) are not "
                             "analysed yet")
    return lanes


def Ramp(base: Any, stride: Any, lanes: int) -> Any:  # noqa: N802 - the IR's name
    """``T.Ramp(base, stride, lanes)``: a literal adopts the other operand's type (int32 when
    both are literals)."""
    base, stride = adopt_literal(base, stride), adopt_literal(stride, base)
    return _RampNode(default_typed(base), default_typed(stride), _lanes(lanes))


def Broadcast(value: Any, lanes: int) -> Any:  # noqa: N802 - the IR's name
    """``T.Broadcast(value, lanes)``: a literal value gets its default type."""
    return _BroadcastNode(default_typed(value), _lanes(lanes))


def ramp(base: Any, stride: Any, lanes: int) -> Any:
    """``T.ramp(base, stride, lanes)``: Apache TVM's lower-case spelling of ``T.Ramp``."""
    return Ramp(base, stride, lanes)


def broadcast(value: Any, lanes: int) -> Any:
    """``T.broadcast(value, lanes)``: Apache TVM's lower-case spelling of ``T.Broadcast``."""
    return Broadcast(value, lanes)


class MetaValue(NamedByBinding):
    """``n = T.meta_var(value)``: Apache TVM's mark of a value that the name stands for while
    the IR is built: no variable is bound, each use of ``n`` is the value itself (an
    expression is repeated where it is used, as Apache TVM builds it)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return "T.meta_var(...)"

    def bind(self, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
             ty: Any = None) -> Any:
        if ty is not None:
            raise TypeError(f"`{name} = T.meta_var(...)` names a value; it takes no annotation")
        return self.value

    def unassigned_error(self) -> Exception:
        return ValueError("`T.meta_var(value)` must be assigned to a name (`n = "
                          "T.meta_var(value)`); elsewhere write the value itself")


class PendingBind(NamedByBinding):
    """``x = T.bind(value)``: Apache TVM's explicit binding, the binding ``x = value`` builds
    (a ``Bind`` of a new variable named by the assignment)."""

    def __init__(self, value: Any, ty: Any) -> None:
        self.value = value
        self.ty = ty

    def __repr__(self) -> str:
        return "T.bind(...)"

    def bind(self, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
             ty: Any = None) -> Any:
        if ty is not None and self.ty is not None:
            raise TypeError(f"`{name}: ... = T.bind(value, type)` gives the type twice: keep one")
        return _tb.bind_(self.value, name, loc=loc, name_loc=name_loc,
                         ty=ty if ty is not None else self.ty)

    def unassigned_error(self) -> Exception:
        return ValueError("`T.bind(value)` must be assigned to a name: write `x = T.bind(value)` "
                          "or `x = value`")


def bind(value: Any, type_annotation: Any = None, *, var: Any = None) -> PendingBind:
    """``x = T.bind(value[, type])``: the binding ``x = value`` (see ``PendingBind``).
    ``var=`` (binding a variable that exists already) is not supported: TIRx variables are
    bound once."""
    if var is not None:
        raise NotAnalysedYet("`T.bind(value, var=...)` binds a variable that exists "
                             "already, which TIRx variables do not allow: bind the value "
                             "to a new name (`x = value`)")
    return PendingBind(value, type_annotation)


def meta_var(value: Any) -> MetaValue:
    """``n = T.meta_var(value)``: ``n`` stands for ``value`` itself (see ``MetaValue``)."""
    return MetaValue(value)


def cast(value: Any, dtype: Any = None, *, ty: Any = None) -> Any:
    """``T.cast(x, "int64")`` (or ``ty=T.int64``): ``x`` converted (itself when it has the type
    already); the explicit node is ``T.Cast("int64", x)``. A Python number is first a literal of
    its default type, as the reference takes it (``T.cast(14, "float64")`` is
    ``T.Cast("float64", 14)``, not folded)."""
    if (dtype is None) == (ty is None):
        raise TypeError("`T.cast` takes the type once: as `dtype` or as `ty=`")
    value = default_typed(value)
    if not isinstance(value, _ir.Expr):
        raise TypeError(f"`T.cast` converts an expression or a number, got "
                        f"`{type(value).__name__}`: write `T.cast(x, \"float32\")` of a value")
    return _cast(dtype if ty is None else ty, value)


# --- S-TIR blocks and unknown intrinsics --------------------------------------------------------


# Calls of Apache TVM's T namespace that name an operator ours has not built yet (tirx_ops.py
# holds those it has); without a registered `tirx.<name>` they are
# reported as unsupported rather than as a missing attribute.
APACHE_OPERATORS = frozenset((
    "acos", "acosh", "address_of", "asin", "asinh", "atan", "atanh",
    "call_cpacked", "call_cpacked_lowered",
    "call_intrin", "call_llvm_intrin", "call_llvm_pure_intrin", "call_packed",
    "call_packed_lowered", "cosh", "indexdiv", "indexmod", "isnullptr",
    "nextafter", "q_multiply_shift", "ret", "sinh", "tvm_access_ptr", "tvm_stack_alloca",
    "tvm_stack_make_array", "tvm_stack_make_shape", "type_annotation", "undef",
    "vscale", "allocate", "allocate_const", "realize", "prefetch", "buffer_store",
))


def _registered_op_call(name: str) -> Callable[..., Any]:
    op = _ir.Op.get(f"tirx.{name}")

    def call(*args: Any) -> Any:
        return _ir.Call(op, [default_typed(a) for a in args])

    call.__name__ = name
    call.__doc__ = f"A call of the registered operator ``tirx.{name}``."
    return call


UNSUPPORTED_INSTEAD: Dict[str, str] = {
    "allocate": "allocate a tensor instead, `X = T.alloc_buffer((n,), \"float32\", "
                "scope=\"global\")`, and use `X.data` where the pointer was used "
                "(`T.decl_buffer(..., data=X.data)`)",
}
"""Apache TVM members with no counterpart yet, and what to write instead (issue 10, item 5)."""


def _unsupported_op(name: str) -> Callable[..., Any]:
    instead = UNSUPPORTED_INSTEAD.get(name)

    def unsupported(*args: Any, **kwargs: Any) -> Any:
        if instead is not None:
            raise NotAnalysedYet(f"`T.{name}` is not analysed yet: {instead}")
        raise NotAnalysedYet(f"`T.{name}` is not analysed yet: no operator `tirx.{name}` is "
                             "registered")

    unsupported.__name__ = name
    return unsupported


def operator_member(name: str) -> Callable[..., Any]:
    """``T.<name>`` for a name the namespace does not define: a call of the registered
    operator ``tirx.<name>``, or for an Apache TVM operator without one, a function raising
    NotImplementedError when called (so the error points at the call). AttributeError
    otherwise."""
    if f"tirx.{name}" in set(_list_op_names()):
        return _registered_op_call(name)
    if name in APACHE_OPERATORS:
        return _unsupported_op(name)
    raise missing_member("T", name, dir(sys.modules[__name__.rpartition(".")[0] + ".tirx"]))


__all__ = [
    "Broadcast", "Buffer", "MetaValue", "PendingBind", "Ramp", "UNSUPPORTED_INSTEAD", "bind",
    "broadcast", "meta_var", "ramp", "alloc_buffer", "cast", "decl_buffer", "match_buffer",
    "operator_member", "break_loop", "continue_loop", "thread_binding",
]
