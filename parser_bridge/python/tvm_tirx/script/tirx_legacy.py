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

import ast
import dataclasses
import operator
import sys
from typing import Any, Callable, Dict, Optional, Sequence

from tvm_ffi import Object as _FFIObject
from tvm_ffi import get_global_func

from .. import Broadcast as _BroadcastNode
from .. import Cast as _CastNode
from .. import IntImm as _IntImm
from .. import Ramp as _RampNode
from .. import cast as _cast
from .. import ir as _ir
from . import tirx_builder as _tb
from .builder import INTEGER_DTYPES, AlreadyEmitted, Loc, NamedByBinding, span_of
from .recorded import NoEquivalentYet, NotAnalysedYet, missing_member
from .tirx_layout import apache_layout
from .tirx_sblock import NamedTensor, region_view

# What `T.match_buffer` views in a block: an IR value other than a variable (a tensor load
# `A[vi, 0:4]`, a region), which the builder checks.
_REGION_SOURCES = (_FFIObject,)
_region_of_access = get_global_func("tirx.builder.RegionOfAccess")

_match_param = get_global_func("tirx.builder.MatchParam")
_signature_symbols = get_global_func("tirx.builder.SignatureSymbols")
_string_symbol = get_global_func("tirx.builder.StringSymbol")
_signature_dtypes = get_global_func("tirx.builder.SignatureDtypes")
_signature_dtype = get_global_func("tirx.builder.SignatureDtype")
_list_op_names = get_global_func("ir.ListOpNames")
_default_typed_literal = get_global_func("tirx.op.default_typed_literal")

# ``@T.prim_func`` (``@T.function`` under its Apache TVM name) is made in tirx.py: a decorator
# is bound to its namespace object, which that module is.


# --- scalar types and symbols -----------------------------------------------------------------

_NO_VALUE = object()
_declare = get_global_func("tirx.builder.Declare")


class ScalarType(_ir.PrimType):
    """A data type of ``T``: ``T.int32`` annotates, ``T.int32(5)`` is a constant,
    ``T.int32(x)`` of an expression converts it (a Cast unless it has the type already, as the
    reference builds it) and ``n = T.int32()`` declares the symbol ``n`` (today's spelling of
    ``T.dynamic("n")``)."""

    def __call__(self, value: Any = _NO_VALUE) -> Any:
        if value is _NO_VALUE:
            return SymbolDeclaration(self)
        if isinstance(value, _ir.Expr) and value.ty.dtype != self.dtype:
            return _CastNode(self, value)
        return super().__call__(value)

    def __getitem__(self, shape: Any) -> Any:
        """``x: T.int32[4]``, ``x: T.float32[2, 3]``: the annotation of a local array."""
        return _tb.ArrayAnnotation(self, shape if isinstance(shape, tuple) else (shape,))

    # A type is not a sequence: without this, `__getitem__` would make Python iterate it
    # (`for i in T.bool`, `list(T.int32)`) by indexing 0, 1, 2, ... without end.
    __iter__ = None


class HandleType(_ir.PointerType):
    """``T.handle``: an untyped handle, the type ``T.Ptr(T.void)`` as the reference builds and
    prints it (an annotation ``h: T.handle``); ``T.handle()`` declares a handle symbol, and
    ``T.handle("float32", "global")`` is Apache TVM's typed handle (``typed_handle``)."""

    def __call__(self, dtype: Any = _NO_VALUE, storage_scope: Any = "global") -> Any:
        if dtype is _NO_VALUE:
            return SymbolDeclaration(self)
        return typed_handle(dtype, storage_scope)


OPAQUE_HANDLE_TYPES = frozenset(("tensormap",))
"""Apache TVM's handle element types that name an opaque device object (a CUDA tensor map),
not a data type."""


def typed_handle(element: Any, storage_scope: Any = "global") -> Any:
    """``T.handle("float32", "global")``: Apache TVM's typed handle, a pointer to elements of
    the type in a storage scope (``T.Ptr(T.float32, "global")`` in the canonical spelling)."""
    if isinstance(element, str):
        if element in OPAQUE_HANDLE_TYPES:
            raise NotAnalysedYet(f"`T.handle(\"{element}\")` is not analysed yet: a handle to "
                                 "an opaque device object, which TIRx types do not have yet")
        try:
            element = _ir.PrimType(element)
        except Exception:  # noqa: BLE001 - not a dtype: say what a typed handle takes
            element = None
    if not isinstance(element, _ir.PrimType):
        raise TypeError("`T.handle(dtype, scope)` takes an element dtype such as \"float32\" "
                        "(a typed handle: write `T.Ptr(T.float32, \"global\")`), got "
                        f"`{type(element).__name__}`")
    if not isinstance(storage_scope, str):
        raise TypeError(f"The storage scope of `T.handle` is a str such as \"global\", got "
                        f"`{type(storage_scope).__name__}`")
    return DeclarableHandle(element, storage_scope)


class DeclarableHandle(_ir.PointerType, NamedByBinding):
    """``T.handle("float32")``: the pointer type in an annotation (``p: T.handle("float32")``),
    and as Apache TVM reads ``p = T.handle("float32")`` in a body, the declaration of the
    pointer variable ``p``."""

    __tvm_script_members__ = frozenset(("ty",))

    @property
    def ty(self) -> Any:
        """``T.handle("float32").ty``: apache-tvm 0.27 makes ``T.handle(...)`` a variable, and
        its printer writes a pointer type so (``T.reinterpret(T.handle().ty, x)``)."""
        return _ir.PointerType(self.element_type, self.scope)

    def bind(self, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
             ty: Any = None) -> Any:
        if ty is not None:
            raise TypeError(f"`{name} = T.handle(...)` declares a pointer; it takes no "
                            "annotation")
        return _declare(name, _ir.PointerType(self.element_type, self.scope),
                        span_of(name_loc))


class SymbolDeclaration(NamedByBinding):
    """``T.int32()``: a symbol that the assignment ``n = T.int32()`` names; no Bind is built."""

    # `T.handle().ty`, `T.int32().ty`: the type of the variable apache-tvm 0.27 makes there.
    __tvm_script_members__ = frozenset(("ty",))

    def __init__(self, ty: Any) -> None:
        self.ty = ty
        self._symbols: Dict[str, Any] = {}

    def __repr__(self) -> str:
        dtype = getattr(self.ty, "dtype", None)
        return f"T.{dtype}()" if dtype is not None else "T.handle()"

    def bind(self, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
             ty: Any = None) -> Any:
        if ty is not None:
            raise TypeError(f"`{name} = {self!r}` declares a symbol; it takes no annotation")
        # One symbol per name: a module-level declaration captured by several functions (or
        # read several times) is one symbol, as a `T.dynamic` object would be.
        if name not in self._symbols:
            dtype = str(getattr(self.ty, "dtype", ""))
            if dtype.startswith(("int", "uint")) and "x" not in dtype:
                self._symbols[name] = _tb.dynamic(name, self.ty, loc=name_loc)
            else:  # `x = T.float32()`, `p = T.handle()`: Apache TVM's free variables
                self._symbols[name] = _declare(name, self.ty, span_of(name_loc))
        return self._symbols[name]


# --- tensor types -----------------------------------------------------------------------------

# Arguments of Apache TVM's buffers that a TIRx tensor type cannot hold, with the values that
# mean "nothing special" (accepted and dropped).
_NO_EQUIVALENT_DEFAULTS: Dict[str, tuple] = {
    "data": (None,),
    "byte_offset": (None,),
    "offset_factor": (0, 1),  # 1: every offset is a multiple of 1, so no constraint either
    "buffer_type": ("", "default"),
    "axis_separators": (None, (), []),
    "allocated_addr": (None,),  # Apache TVM 0.27's device allocation at a fixed address
}

_STRING_OPERATORS: Dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}


def _is_default(value: Any, defaults: tuple) -> bool:
    for default in defaults:
        if value is default:
            return True
        if type(value) is type(default) and not isinstance(value, _ir.Expr) and value == default:
            return True
    return False


def _check_no_equivalent(what: str, options: Dict[str, Any]) -> None:
    for name, value in options.items():
        if not _is_default(value, _NO_EQUIVALENT_DEFAULTS[name]):
            raise NoEquivalentYet(f"`{what}`: argument `{name}` has no equivalent in TIRx "
                                  f"tensors (got {value!r})")


class _StringShapes:
    """Reads string extents (``"n"``, ``"n + 1"``) over symbols, without running Python.

    Names resolve to the symbols of the function signature being built (scalar integer
    parameters and the variables in earlier parameters' types); the first occurrence of any
    other name creates a symbol that later extents and parameters share, of the dtype of the
    scalar parameter of its name (``signature_dtypes_``), else int32.
    """

    def __init__(self, what: str) -> None:
        self.what = what
        self.symbols: Dict[str, Any] = dict(_signature_symbols().items())

    def extent(self, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        try:
            tree = ast.parse(value.strip(), mode="eval")
        except SyntaxError:
            raise self._error(value) from None
        return self._evaluate(tree.body, value)

    def _error(self, text: str) -> ValueError:
        return ValueError(f"`{self.what}` cannot read the extent {text!r}: a string extent holds "
                          "only names, integers (`8`, `T.int64(8)`), parentheses and + - * // %")

    def _evaluate(self, node: ast.expr, text: str) -> Any:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name):
            symbol = self.symbols.get(node.id)
            if symbol is None:
                symbol = self.symbols[node.id] = _tb.dynamic(node.id, _signature_dtype(node.id))
                _string_symbol(node.id, symbol)
            return symbol
        if isinstance(node, ast.BinOp) and type(node.op) in _STRING_OPERATORS:
            return _STRING_OPERATORS[type(node.op)](self._evaluate(node.left, text),
                                                    self._evaluate(node.right, text))
        typed = _typed_integer(node)
        if typed is not None:  # `"n * T.int64(8)"`, as 0.27 prints an int64 extent
            return typed
        raise self._error(text)


def _typed_integer(node: ast.expr) -> Any:
    """``X.int64(8)`` in a string extent: that constant (X is not looked up: nothing runs)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and
            isinstance(node.func.value, ast.Name) and node.func.attr in INTEGER_DTYPES and
            len(node.args) == 1 and not node.keywords):
        return None
    argument = node.args[0]
    negative = isinstance(argument, ast.UnaryOp) and isinstance(argument.op, ast.USub)
    if negative:
        argument = argument.operand  # type: ignore[attr-defined]
    if not (isinstance(argument, ast.Constant) and type(argument.value) is int):
        return None
    return ScalarType(node.func.attr)(-argument.value if negative else argument.value)


def break_loop() -> Any:
    """``T.break_loop()``: apache-tvm 0.27's print of ``break`` (the same statement, added at
    once; its receipt makes ``T.evaluate(T.break_loop())`` add nothing more)."""
    _tb.break_()
    return AlreadyEmitted(None)


def continue_loop() -> Any:
    """``T.continue_loop()``: apache-tvm 0.27's print of ``continue`` (as ``T.break_loop``)."""
    _tb.continue_()
    return AlreadyEmitted(None)


def signature_dtypes_(dtypes: Dict[str, str]) -> None:
    """Before a signature's parameters are built: the dtypes its scalar integer parameters
    declare (``n: T.int64``), which a string extent naming one gives its symbol."""
    _signature_dtypes(dict(dtypes))


def quoted_symbols_(names: Sequence[str]) -> Dict[str, Any]:
    """Before a parameter's annotation is read: the symbols its quoted extents name, declared
    now (``A: T.Buffer((32, "n", n))`` reads the bare ``n`` as the quoted one, as apache-tvm
    0.27 does), with the dtype of the scalar parameter of the name, else int32."""
    known = dict(_signature_symbols())
    for name in names:
        if name not in known:
            known[name] = _tb.dynamic(name, _signature_dtype(name))
            _string_symbol(name, known[name])
    return {name: known[name] for name in names}


def signature_symbols_() -> Dict[str, Any]:
    """The symbols the signature being built declared so far, by name (string extents of
    ``T.Buffer`` parameters, scalar integer parameters): a later annotation may name them."""
    return dict(_signature_symbols())


def tensor_type(what: str, shape: Any, dtype: Any, *, strings: bool, strides: Any,
                 elem_offset: Any, scope: Any, align: Any, layout: Any = None,
                 **no_equivalent: Any) -> Any:
    """The TensorType of a buffer declaration in today's spelling."""
    _check_no_equivalent(what, no_equivalent)
    if isinstance(shape, (_ir.Expr, int)) and not isinstance(shape, bool):
        shape = (shape,)
    if not isinstance(shape, (tuple, list)):
        raise TypeError(f"`{what}` takes the shape as a tuple, got `{type(shape).__name__}`")
    strides = () if strides is None else strides
    if not isinstance(strides, (tuple, list)):
        raise TypeError(f"`{what}` takes the strides as a tuple, got "
                        f"`{type(strides).__name__}`")
    if strings:
        reader = _StringShapes(what)
        shape = [reader.extent(e) for e in shape]
        strides = [reader.extent(s) for s in strides]
    else:
        for extent in (*shape, *strides):
            if isinstance(extent, str):
                raise TypeError(f"`{what}` does not parse strings as shapes: got {extent!r}; "
                                "only `T.Buffer` reads string extents")
    if isinstance(elem_offset, int) and not isinstance(elem_offset, bool) and elem_offset == 0:
        elem_offset = None  # a TIRx tensor's elem_offset is None for zero
    if scope in (None, ""):
        scope = "global"
    if not isinstance(align, int) or isinstance(align, bool):
        raise TypeError(f"`{what}`: `align` must be an int, got `{type(align).__name__}`")
    alignment = 64 if align <= 0 else align  # 0 and -1 mean the default, as in Apache TVM
    return _ir.TensorType(_tb.dtype_of(dtype), list(shape), list(strides), elem_offset,
                          scope, alignment, apache_layout(what, layout, shape, scope))


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


def default_typed(value: Any) -> Any:
    """A Python literal as a constant of the type the reference gives it (bool, int32, int64
    beyond int32's range, float32; docs/ir-typing.md); anything else unchanged. Expression
    constructors (``T.Cast("int64", 3)``, ``T.Ramp(0, 1, 4)``) and the operators take literals
    so."""
    if isinstance(value, (bool, int, float)):
        return _default_typed_literal(value)
    return value


def same_typed_branches(what: str, true_value: Any, false_value: Any) -> tuple:
    """The two branches of ``what`` (``T.Select``, ``T.if_then_else``), each literal typed as the
    reference types it; TypeError when their types differ (the reference's ``T.Select`` rejects
    that too; its ``T.if_then_else`` builds an ill-typed call, which ours does not)."""
    t, f = default_typed(true_value), default_typed(false_value)
    if isinstance(t, _ir.Expr) and isinstance(f, _ir.Expr) and str(t.ty) != str(f.ty):
        literal = next((v for v in (true_value, false_value)
                        if isinstance(v, (bool, int, float))), None)
        hint = ""
        if literal is not None:
            typed = f if literal is false_value else t
            other = t if literal is false_value else f
            hint = (f" (the literal {literal!r} is {_type_name(typed)}; write "
                    f"{_type_name(other)}({literal!r}))")
        raise TypeError(f"`{what}` needs branches of one type, got `{_type_name(t)}` and "
                        f"`{_type_name(f)}`{hint}")
    return t, f


def _type_name(expr: Any) -> str:
    ty = expr.ty
    return f"T.{ty.dtype}" if isinstance(ty, _ir.PrimType) else str(ty)


def adopt_literal(value: Any, partner: Any) -> Any:
    """A Python literal as a constant of its partner expression's type (docs/ir-typing.md)."""
    if isinstance(partner, _ir.Expr) and isinstance(value, (bool, int, float)):
        return partner.ty(value)
    return value


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
    "Broadcast", "Buffer", "HandleType", "MetaValue", "PendingBind", "Ramp",
    "UNSUPPORTED_INSTEAD", "bind", "ScalarType", "broadcast", "meta_var", "ramp",
    "typed_handle", "default_typed", "alloc_buffer", "cast", "decl_buffer", "match_buffer",
    "operator_member", "break_loop", "continue_loop", "quoted_symbols_", "signature_dtypes_", "signature_symbols_", "tensor_type", "thread_binding",
]
