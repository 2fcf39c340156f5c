"""Shared IR: types, expressions, variables and ranges (classes generic over reflection).

Operators on expressions build IR with the typing rules of docs/ir-typing.md:
``x * 2 + 1`` gives ``Add(Mul(x, 2), 1)`` with the literals typed like ``x``.
"""

from __future__ import annotations

import enum
import inspect
import re
from typing import Any, Optional, TypeVar, Union

import tvm_ffi
from tvm_ffi import Object, get_global_func, register_object

_op = {
    name: get_global_func("tirx.op." + name)
    for name in (
        "add",
        "sub",
        "mul",
        "div",
        "floordiv",
        "floormod",
        "shift_left",
        "shift_right",
        "bitwise_and",
        "bitwise_or",
        "bitwise_xor",
        "bitwise_not",
        "less",
        "less_equal",
        "greater",
        "greater_equal",
        "neg",
    )
}
_missing_type = get_global_func("ir.MissingType")
_make_const = get_global_func("tirx.make_const")
_slice_region = get_global_func("tirx.builder.SliceRegion")


def _node_class(type_key: str) -> Any:
    # Looked up when used: a class asked for before Expr is registered would not derive from it.
    return tvm_ffi.object_class(type_key)


def _int_constant(value: Any) -> Any:
    """A Python int or an integer constant as an int, else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, _node_class("prim.IntImm")) and str(value.ty.dtype) != "bool":
        return value.value
    return None


def _constant_extent(start: Any, stop: Any) -> Optional[int]:
    """``stop - start`` when it is a constant: both ints, or ``start + n``; else None."""
    low, high = _int_constant(start), _int_constant(stop)
    if low is not None and high is not None:
        return high - low
    if structural_equal(stop, start):
        return 0
    if isinstance(stop, _node_class("prim.Add")) and structural_equal(stop.a, start):
        return _int_constant(stop.b)
    return None


def _is_region_slice(index: Any) -> bool:
    """A slice without a step whose bounds make no vector (a bound left out, or an extent that
    is not a constant): ``A[0:n]``, ``A[:, i]`` name a region, as in Apache TVM."""
    return isinstance(index, slice) and index.step is None and (
        index.start is None or index.stop is None
        or _constant_extent(index.start, index.stop) is None)


def slice_index(start: Any, stop: Any, step: Any) -> Any:
    """``A[start:stop:step]`` (Apache TVM's vector slices, and how the reference prints a
    strided store): the index ``T.Ramp(start, step, lanes)`` of the elements from ``start``
    below ``stop``, or ``start`` itself for one element. The step is a positive integer
    constant and the extent ``stop - start`` a constant: both ints, or ``start + n``."""
    if start is None or stop is None:
        raise ValueError("A tensor slice needs both bounds: write `A[start:stop]`")
    stride = 1 if step is None else _int_constant(step)
    if stride is None or stride <= 0:
        raise ValueError(f"A tensor slice's step must be a positive integer constant, got "
                         f"`{step}`")
    extent = _constant_extent(start, stop)
    if extent is None:
        raise ValueError("A tensor slice's extent must be a constant: write "
                         "`A[start:start + n]` or `A[4:8]`")
    lanes = -(-extent // stride)
    if lanes < 1:
        raise ValueError(f"A tensor slice must hold at least one element, got an extent of "
                         f"{extent}")
    base = start if isinstance(start, Expr) else _make_const(PrimType("int32"), start)
    if lanes == 1:
        return base
    return _node_class("prim.Ramp")(base, _make_const(base.ty, stride), lanes)
_tensor_load = get_global_func("tirx.builder.Load")
_set_item = get_global_func("tirx.builder.SetItem")
_UNKNOWN_SPAN = get_global_func("ir.UnknownSpan")()
_script = get_global_func("script.Script")
_T = TypeVar("_T", bound=type)


def _script_method(self: Object, **options: Any) -> str:
    """This IR as TVMScript text.

    Options are the printer's (script.PrinterConfig): ``indent_spaces``, ``print_line_numbers``,
    ``num_context_lines``, ``path_to_underline`` (AccessPaths to underline with ``^^^``),
    ``show_header``, ``name_context`` (an enclosing IR object to name variables from).
    """
    return _script(self, options)


def _repr_method(self: Object) -> str:
    # repr must never raise: a node the printer rejects still gets a plain description.
    try:
        return _script(self, {})
    except Exception:  # noqa: BLE001 - any printer failure falls back to the object's repr
        return Object.__repr__(self)


def printable(cls: _T) -> _T:
    """Gives an IR class ``.script(**options)``; ``str()`` and ``repr()`` print TVMScript."""
    cls.script = _script_method  # type: ignore[attr-defined]
    cls.__str__ = _script_method  # type: ignore[assignment]
    cls.__repr__ = _repr_method  # type: ignore[assignment]
    return cls
_unknown_span = get_global_func("ir.UnknownSpan")


@printable
@register_object("ir.Span")
class Span(Object):
    """Where a node came from: 1-based lines, 0-based UTF-8 byte columns, end exclusive."""

    @staticmethod
    def unknown() -> "Span":
        return _unknown_span()


@printable
@register_object("ir.Type")
class Type(Object):
    """The base class of all types. ``Type()`` is a bare type of no subclass (the reference's
    ``T.Type()``, printed so); a field-less subclass (``NoneType()``, ...) constructs through
    this ``__init__`` as its own class, the others have constructors of their own."""

    def __init__(self) -> None:
        self.__ffi_init__()  # the registered constructor of the instance's own class

    @staticmethod
    def missing() -> "Type":
        """The type of an expression whose type nothing could deduce."""
        return _missing_type()


@register_object("ir.PrimType")
class PrimType(Type):
    """A scalar or vector of one data type: ``PrimType("int32")``."""

    def __init__(self, dtype: Union[str, tvm_ffi.dtype]) -> None:
        self.__ffi_init__(tvm_ffi.dtype(dtype))

    def __call__(self, value: Any) -> "Expr":
        """``T.float32(1.0)``, ``T.int64(5)``, ``T.float32("inf")``: a constant of this type."""
        if isinstance(value, str):
            if value not in ("inf", "-inf", "nan"):
                raise ValueError(f"A constant from a string must be 'inf', '-inf' or 'nan', "
                                 f"got {value!r}")
            value = float(value)
        if isinstance(value, Expr):
            if value.ty.dtype != self.dtype:
                raise TypeError(f"`{self.dtype}(...)` of an expression of type "
                                f"`{value.ty.dtype}`: use an explicit cast")
            return value
        return _make_const(self, value)


def _as_type(ty: Any) -> Any:
    return PrimType(ty) if isinstance(ty, str) else ty


@printable
@register_object("ir.Expr")
class Expr(Object):
    """Base of every expression; arithmetic and comparison operators build IR."""

    def __add__(self, other: Any) -> "Expr":
        return _op["add"](self, other)

    def __radd__(self, other: Any) -> "Expr":
        return _op["add"](other, self)

    def __sub__(self, other: Any) -> "Expr":
        return _op["sub"](self, other)

    def __rsub__(self, other: Any) -> "Expr":
        return _op["sub"](other, self)

    def __mul__(self, other: Any) -> "Expr":
        return _op["mul"](self, other)

    def __rmul__(self, other: Any) -> "Expr":
        return _op["mul"](other, self)

    def __truediv__(self, other: Any) -> "Expr":
        return _op["div"](self, other)

    def __rtruediv__(self, other: Any) -> "Expr":
        return _op["div"](other, self)

    def __floordiv__(self, other: Any) -> "Expr":
        return _op["floordiv"](self, other)

    def __rfloordiv__(self, other: Any) -> "Expr":
        return _op["floordiv"](other, self)

    def __mod__(self, other: Any) -> "Expr":
        return _op["floormod"](self, other)

    def __rmod__(self, other: Any) -> "Expr":
        return _op["floormod"](other, self)

    def __lshift__(self, other: Any) -> "Expr":
        return _op["shift_left"](self, other)

    def __rlshift__(self, other: Any) -> "Expr":
        return _op["shift_left"](other, self)

    def __rshift__(self, other: Any) -> "Expr":
        return _op["shift_right"](self, other)

    def __rrshift__(self, other: Any) -> "Expr":
        return _op["shift_right"](other, self)

    def __and__(self, other: Any) -> "Expr":
        return _op["bitwise_and"](self, other)

    def __rand__(self, other: Any) -> "Expr":
        return _op["bitwise_and"](other, self)

    def __or__(self, other: Any) -> "Expr":
        return _op["bitwise_or"](self, other)

    def __ror__(self, other: Any) -> "Expr":
        return _op["bitwise_or"](other, self)

    def __xor__(self, other: Any) -> "Expr":
        return _op["bitwise_xor"](self, other)

    def __rxor__(self, other: Any) -> "Expr":
        return _op["bitwise_xor"](other, self)

    def __invert__(self) -> "Expr":
        return _op["bitwise_not"](self)

    def __neg__(self) -> "Expr":
        return _op["neg"](self)

    def __lt__(self, other: Any) -> "Expr":
        return _op["less"](self, other)

    def __le__(self, other: Any) -> "Expr":
        return _op["less_equal"](self, other)

    def __gt__(self, other: Any) -> "Expr":
        return _op["greater"](self, other)

    def __ge__(self, other: Any) -> "Expr":
        return _op["greater_equal"](self, other)

    def __getitem__(self, indices: Any) -> "Expr":
        """``A[i, j]``: a TensorLoad of a tensor-typed expression (int indices become int32)."""
        if not isinstance(self.ty, TensorType):
            raise TypeError(f"Only tensors can be indexed, got an expression of type "
                            f"`{type(self.ty).__name__}`")
        indices = list(indices) if isinstance(indices, tuple) else [indices]
        if any(_is_region_slice(i) for i in indices):
            # A region (what `T.reads(A[0:n])` and `T.match_buffer(A[i, :], ...)` take), not a
            # value: it builds no load.
            return _slice_region(self, [(i.start, i.stop, True) if isinstance(i, slice)
                                        else (i, None, False) for i in indices])
        indices = [slice_index(i.start, i.stop, i.step) if isinstance(i, slice) else i
                   for i in indices]
        return _tensor_load(self, indices)

    # `==` and `!=` keep object identity (as for every FFI object), so expressions stay usable
    # as dict keys; build equality nodes with tvm_tirx.EQ / NE or tvm_tirx.equal.
    __hash__ = Object.__hash__

    def __bool__(self) -> bool:
        raise TypeError(
            "An expression has no truth value; use it in IR (T.Select, if in TVMScript) "
            "or compare with same_as"
        )


def _lanes_of(dtype: str) -> int:
    """The lane count a dtype name gives (``"float32x4"``: 4, ``"float32"``: 1)."""
    vector = re.fullmatch(r".+x([0-9]+)", dtype)
    return int(vector.group(1)) if vector else 1


@register_object("ir.Var")
class Var(Expr):
    """A variable: ``Var("x", "int32")``; identity is the object, the name is for printing."""

    def __init__(self, name: str, ty: Any) -> None:
        self.__ffi_init__(name, _as_type(ty))

    @property
    def data(self) -> "Call":
        """``A.data`` of a tensor variable: its data pointer (the ``tirx.tensor_data_ptr`` call,
        printed ``A.data``); TypeError for a variable of another type."""
        return Call(Op.get("tirx.tensor_data_ptr"), [self])

    def view(self, *shape: Any, layout: Any = None) -> "TensorView":
        """``B = A.view(4, 8)`` (apache-tvm 0.27): a tensor of another shape over ``A``'s data,
        strides, offset and scope, declared when the assignment names it (a ``-1`` extent is
        inferred from the size); ``layout=`` gives the view's layout (docs/frontend.md,
        "Layouts"). Its dtype form is a device-kernel reinterpretation: NotImplementedError."""
        if not isinstance(self.ty, TensorType):
            raise TypeError(f"`view` is a method of tensors, `{self.name}` is not one")
        if len(shape) == 1 and isinstance(shape[0], (str, PrimType)):
            raise ViewNotAnalysedYet(f"`{self.name}.view` of a dtype (a device kernel's "
                                     "reinterpretation) is not analysed yet")
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        return TensorView(self, _inferred_shape(self, list(shape)), layout)

    def _vector_indices(self, member: str, begin: Any, lanes: int) -> list:
        """``begin`` with its last index a unit-stride ramp of ``lanes`` (Apache TVM's
        ``Buffer.vload`` / ``vstore``, which name the first element of a vector)."""
        if not isinstance(self.ty, TensorType):
            raise TypeError(f"`{member}` is a method of tensors, `{self.name}` is not one")
        indices = list(begin) if isinstance(begin, (list, tuple)) else [begin]
        if not indices:
            raise ValueError(f"`{self.name}.{member}` needs the indices of the first element")
        indices = [i if isinstance(i, Expr) else _make_const(PrimType("int32"), i)
                   for i in indices]
        last = indices[-1]
        # An index that is a vector already (`[T.Ramp(i, 2, 4)]`) names every element itself.
        if lanes > 1 and _lanes_of(str(last.ty.dtype)) == 1:
            indices[-1] = _node_class("prim.Ramp")(last, _make_const(last.ty, 1), lanes)
        return indices

    def vload(self, begin: Any, dtype: Any = None, predicate: Any = None) -> "Expr":
        """Apache TVM's ``A.vload([i, j], "float32x4")``: the vector of 4 elements from
        ``A[i, j]`` on, ``A[i, T.Ramp(j, 1, 4)]``; without ``dtype``, the element itself.
        With ``predicate=mask`` (a bool vector of the loaded lanes), only the lanes it selects
        are loaded: the reference's ``T.masked_load(A, i, T.Ramp(j, 1, 4), mask)``."""
        lanes = 1
        if dtype is not None:
            wanted = str(dtype.dtype if isinstance(dtype, PrimType) else dtype)
            lanes = _lanes_of(wanted)
            base = wanted[:-len(f"x{lanes}")] if lanes > 1 else wanted
            element = str(self.ty.dtype) if isinstance(self.ty, TensorType) else None
            if element is not None and base != element:
                raise TypeError(f"`{self.name}.vload(..., \"{wanted}\")`: the elements of "
                                f"`{self.name}` are `{element}`")
        indices = self._vector_indices("vload", begin, lanes)
        if predicate is not None:
            return Call(Op.get("tirx.masked_load"), [self, *indices, predicate])
        return _tensor_load(self, indices)

    def vstore(self, begin: Any, value: Any, predicate: Any = None) -> Optional["Call"]:
        """Apache TVM's ``A.vstore([i, j], v)``: stores the vector ``v`` from ``A[i, j]`` on,
        ``A[i, T.Ramp(j, 1, lanes)] = v`` (a scalar ``v``: ``A[i, j] = v``). With
        ``predicate=mask``, only the lanes the mask selects: the reference's
        ``T.masked_store(A, v, i, T.Ramp(j, 1, lanes), mask)``, returned as the call that the
        statement emits."""
        lanes = 1
        if isinstance(value, Expr) and isinstance(value.ty, PrimType):
            lanes = _lanes_of(str(value.ty.dtype))
        indices = self._vector_indices("vstore", begin, lanes)
        if predicate is not None:
            return Call(Op.get("tirx.masked_store"), [self, value, *indices, predicate])
        _set_item(self, indices, value, _UNKNOWN_SPAN)
        return None


@printable
@register_object("ir.Range")
class Range(Object):
    """The half-open range [start, end)."""


_get_op = get_global_func("ir.GetOp")


@register_object("ir.Op")
class Op(Expr):
    """A registered operator: ``Op.get("tirx.exp")``."""

    @staticmethod
    def get(name: str) -> "Op":
        return _get_op(name)


@register_object("ir.Call")
class Call(Expr):
    """``op(args...)``. ``ty=None`` infers the result type (the op's type rule, a function's
    return type, else ``Type.missing()``); a given ``ty`` is kept, ``Type.missing()`` included."""

    def __init__(
        self,
        op: Any,
        args: Any,
        attrs: Any = None,
        ty_args: Any = None,
        ty: Any = None,
    ) -> None:
        if isinstance(op, str):
            op = Op.get(op)
        self.__ffi_init__(op, list(args), attrs or {}, list(ty_args or []), _as_type(ty))


class CallEffectKind(enum.IntEnum):
    """What a call does besides computing its value, in the shared IR's numbering (the
    reference's ``T.CallEffectKind``): from ``ExprAnnotation`` (none) to ``ControlJump``."""

    ExprAnnotation = 0
    Pure = 1
    ReadState = 2
    UpdateState = 3
    SpecialCallArg = 4
    EmbedInfo = 5
    ControlJump = 6


# The reference's signature on every Python (an enum class called with its values).
CallEffectKind.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
    [inspect.Parameter("values", inspect.Parameter.VAR_POSITIONAL)])


@register_object("ir.GlobalVar")
class GlobalVar(Expr):
    """The name of a function in a module."""

    def __init__(self, name_hint: str) -> None:
        self.__ffi_init__(name_hint)


_default_typed_literal = get_global_func("tirx.op.default_typed_literal")


def _typed_field(value: Any) -> Any:
    """A tuple field: an expression, or a Python number typed as the reference types it."""
    if isinstance(value, (bool, int, float)):
        return _default_typed_literal(value)
    return value


@register_object("ir.DataTypeImm")
class DataTypeImm(Expr):
    """A data type as a value, e.g. an argument of a call: ``DataTypeImm("float32")`` (printed
    ``T.dtype("float32")``; its type is ``T.Any()``)."""

    def __init__(self, value: Union[str, tvm_ffi.dtype], loc: Any = None) -> None:
        if isinstance(value, PrimType):
            value = value.dtype
        if not isinstance(value, (str, tvm_ffi.dtype)):
            raise TypeError(f"`T.dtype` takes a dtype name such as \"float32\", got "
                            f"`{type(value).__name__}`")
        self.__ffi_init__(tvm_ffi.dtype(value))


@register_object("ir.GenericConst")
class GenericConst(Expr):
    """A constant of any FFI value that is not a number or a str (those are ``IntImm``,
    ``FloatImm``, ``StringImm``), with the type it is given: ``GenericConst(T.Opaque(), [1,
    2])`` (printed so)."""

    def __init__(self, ty: Any, value: Any, loc: Any = None) -> None:
        if not isinstance(ty, Type):
            raise TypeError(f"`T.GenericConst` takes a type first, got `{type(ty).__name__}`")
        self.__ffi_init__(ty, value)


@register_object("ir.Tuple")
class Tuple(Expr):
    """``Tuple([x, y + 1])``: a tuple of expressions (Python numbers become constants), of
    type ``T.Tuple(...)`` of the fields' types; printed ``(x, y + 1)``."""

    def __init__(self, fields: Any, loc: Any = None) -> None:
        if not isinstance(fields, (list, tuple)):
            raise TypeError(f"`Tuple` takes its fields as a list, got `{type(fields).__name__}`")
        self.__ffi_init__([_typed_field(f) for f in fields])


@register_object("ir.GlobalInfo")
class GlobalInfo(Object):
    """Module-level metadata, kept in ``IRModule.global_infos`` (name -> list). Only the base
    class: the reference's concrete kinds belong to device backends."""


@printable
@register_object("ir.IRModule")
class IRModule(Object):
    """Functions by global variable, plus module attributes and global infos."""

    def __init__(self, functions: Any = None, attrs: Any = None,
                 global_infos: Any = None) -> None:
        self.__ffi_init__(functions or {}, attrs or {}, global_infos or {})


@register_object("ir.PointerType")
class PointerType(Type):
    """``PointerType(T.float32, "shared")``: a pointer to elements of a type in a memory
    scope."""

    def __init__(self, element_type: Any, scope: str = "global") -> None:
        self.__ffi_init__(_as_type(element_type), scope)


@register_object("ir.FuncType")
class FuncType(Type):
    """``FuncType([T.int32], T.float32)``: argument types and the result type."""

    def __init__(self, arg_types: Any, ret_type: Any) -> None:
        self.__ffi_init__([_as_type(t) for t in arg_types], _as_type(ret_type))


@register_object("ir.TupleType")
class TupleType(Type):
    """``TupleType([T.int32, T.float32])``: the type of a tuple value, one type per field
    (printed ``T.Tuple(T.int32, T.float32)``)."""

    def __init__(self, fields: Any) -> None:
        self.__ffi_init__([_as_type(t) for t in fields])


@register_object("ir.AnyType")
class AnyType(Type):
    """The top type, admitting any value (printed ``T.Any()``; a ``T.dtype(...)`` value's)."""


@register_object("ir.NoneType")
class NoneType(Type):
    """The type whose only value is None (printed ``T.NoneType()``)."""


@register_object("ir.OpaqueType")
class OpaqueType(Type):
    """An opaque value that only script-level staging may hold; finished IR has none (printed
    ``T.Opaque()``)."""


@register_object("ir.StringType")
class StringType(Type):
    """The type of a string value, whatever its calling convention (printed ``T.String()``)."""


@register_object("ir.TensorRegionType")
class TensorRegionType(Type):
    """The type of a region of a tensor, ``A[0:4, j]`` (printed ``T.TensorRegionType()``)."""


def _extent(value: Any) -> Any:
    """A shape, stride or offset entry: an expression, or a Python int as an int32 constant."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return _make_const(PrimType("int32"), value)


@printable
@register_object("ir.TensorType")
class TensorType(Type):
    """``T.Tensor(shape, dtype)``: int extents become int32 constants."""

    def __init__(
        self,
        dtype: Union[str, tvm_ffi.dtype],
        shape: Any,
        strides: Any = (),
        elem_offset: Any = None,
        scope: str = "global",
        alignment: int = 64,
        layout: Any = None,
    ) -> None:
        self.__ffi_init__(
            tvm_ffi.dtype(dtype),
            [_extent(e) for e in shape],
            [_extent(e) for e in strides],
            _extent(elem_offset),
            scope,
            alignment,
            layout,
        )


class ViewNotAnalysedYet(NotImplementedError):
    """A form of ``view`` apache-tvm 0.27 has and ours does not build yet: an information, as
    the script layer's NotAnalysedYet (recorded.py) is, never an error."""

    severity = 3  # LSP's information


class TensorView:
    """``A.view(shape)`` before the assignment that names it (the builder declares it as a
    tensor over ``A``'s data)."""

    __slots__ = ("source", "shape", "layout")

    def __init__(self, source: "Var", shape: list, layout: Any = None) -> None:
        self.source = source
        self.shape = shape
        self.layout = layout

    def __repr__(self) -> str:
        return f"{self.source.name}.view(...)"


def _inferred_shape(tensor: "Var", shape: list) -> list:
    """A view's shape with its one ``-1`` extent inferred from ``tensor``'s constant size."""
    if shape.count(-1) != 1:
        if -1 in shape:
            raise ValueError(f"`{tensor.name}.view` infers at most one extent (`-1`)")
        return shape
    sizes = [_int_constant(e) for e in tensor.ty.shape]
    known = [_int_constant(e) for e in shape if not (isinstance(e, int) and e == -1)]
    if None in sizes or None in known:
        raise ValueError(f"`{tensor.name}.view` infers a `-1` extent only from constant "
                         "extents")
    total, rest = 1, 1
    for size in sizes:
        total *= size
    for size in known:
        rest *= size
    if rest == 0 or total % rest != 0:
        raise ValueError(f"`{tensor.name}.view`: {total} elements do not divide into extents "
                         f"of {rest}")
    return [total // rest if isinstance(e, int) and e == -1 else e for e in shape]


@register_object("ir.MissingType")
class MissingType(Type):
    """The type of an expression whose type nothing could deduce (printed ``T.Missing()``);
    ``MissingType()`` is the one shared missing type."""



_NODE_PREFIXES = ("ir.", "prim.", "tirx.")


def make_node(type_key: str, /, **kwargs: Any) -> Object:
    """An IR node of the type ``type_key`` made from keyword values, as the reference's
    ``make_node``: ``make_node("prim.Add", a=x, b=y, ty=T.int32)``. The values go to the
    type's constructor by name when it has one (so its checks run), else to its fields. Only
    IR node types (``ir.``, ``prim.``, ``tirx.``), never the builder's frames: ValueError for
    another or an unknown type key."""
    if not isinstance(type_key, str):
        raise TypeError(f"`make_node` takes a type key str, got `{type(type_key).__name__}`")
    if not type_key.startswith(_NODE_PREFIXES) or ".builder." in type_key:
        raise ValueError(f"`make_node` makes IR nodes (type keys `ir.*`, `prim.*`, `tirx.*`), "
                         f"not `{type_key}`")
    try:
        cls = tvm_ffi.object_class(type_key)
    except (KeyError, ValueError, RuntimeError):
        raise ValueError(f"`make_node`: no IR node type `{type_key}`") from None
    node = cls.__new__(cls)
    Object.__ffi_init__(node, **kwargs)
    return node


from tvm_ffi import assert_structural_equal, structural_equal, structural_hash  # noqa: E402

__all__ = [
    "assert_structural_equal",
    "make_node",
    "structural_equal",
    "structural_hash",
    "AnyType",
    "Call",
    "CallEffectKind",
    "DataTypeImm",
    "Expr",
    "GenericConst",
    "GlobalVar",
    "IRModule",
    "Op",
    "FuncType",
    "MissingType",
    "NoneType",
    "OpaqueType",
    "PointerType",
    "PrimType",
    "Range",
    "Span",
    "StringType",
    "TensorRegionType",
    "TensorType",
    "Tuple",
    "TupleType",
    "Type",
    "Var",
]
