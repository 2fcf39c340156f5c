"""The IR classes the reference's ``T`` and ``I`` namespaces re-export (issue 10, item 3): the
constants ``IntImm``, ``FloatImm``, ``StringImm``, ``DataTypeImm`` (``T.dtype``) and
``GenericConst``, variables (``Var``), the types ``PrimType`` (also ``Prim``), ``Ptr``,
``FuncType`` (also ``Func``), ``MissingType`` (also ``Missing``), ``NoneType``, ``Opaque``,
``String`` (also ``StringType``), ``TensorRegionType``, ``Type`` and ``T.Tuple``, the load
``TensorLoad`` and the statement ``Bind``.

Each takes the reference's parameters (apache-tvm-tirx 0.1.0a4, tests/oracle_records/
namespaces.json) and builds our node of that class; ``loc`` is accepted for those signatures
(a call in TVMScript gets its span from the parser). Both namespaces serve the same objects:
tirx.py and ir.py import them from here and declare them in their ``__member_kinds__``.
"""

from __future__ import annotations

import re
from typing import Any, Optional, Sequence

from .. import StringImm as _StringImmNode
from .. import TensorLoad as _TensorLoadNode
from .. import ir as _ir
from ..stmt import Bind  # noqa: F401 - the statement class, `T.Bind(x, value)`
from .tirx_types import default_typed as _default_typed

PrimType = _ir.PrimType
Prim = PrimType  # the reference's short name for the same class


def _scalar_type(ty: Any, member: str) -> _ir.PrimType:
    """``ty`` of a constant: a dtype name or a PrimType, of one lane."""
    if isinstance(ty, str):
        ty = _ir.PrimType(ty)
    if not isinstance(ty, _ir.PrimType):
        raise TypeError(f"`T.{member}` takes its type as a dtype such as \"int32\" or "
                        f"`T.int32`, got `{type(ty).__name__}`")
    if re.search(r"x\d+$", str(ty.dtype)):
        raise ValueError(f"`T.{member}` is a scalar constant, got the vector type "
                         f"`{ty.dtype}` (a vector constant is `T.Broadcast(value, lanes)`)")
    return ty


def IntImm(ty: Any, value: int, loc: Any = None) -> Any:  # noqa: N802 - the IR's name
    """``T.IntImm("int64", 7)``: an integer (or bool) constant of a scalar type, which must
    hold the value (ValueError otherwise); printed as the constant (``T.int64(7)``)."""
    ty = _scalar_type(ty, "IntImm")
    name = str(ty.dtype)
    if not name.startswith(("int", "uint", "bool")):
        raise ValueError(f"`T.IntImm` takes an integer or bool type, got `{name}` "
                         "(`T.FloatImm` is the float constant)")
    if not isinstance(value, int):
        raise TypeError(f"`T.IntImm` takes an int value, got `{type(value).__name__}`")
    return _ir.PrimType(name)(value)


def FloatImm(ty: Any, value: float, loc: Any = None) -> Any:  # noqa: N802 - the IR's name
    """``T.FloatImm("float32", 2.5)``: a float constant of a scalar float type (an int value
    is converted); printed as the constant (``T.float32(2.5)``)."""
    ty = _scalar_type(ty, "FloatImm")
    name = str(ty.dtype)
    if not (name.startswith(("float", "bfloat"))):
        raise ValueError(f"`T.FloatImm` takes a float type, got `{name}` (`T.IntImm` is the "
                         "integer constant)")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"`T.FloatImm` takes a float value, got `{type(value).__name__}`")
    return _ir.PrimType(name)(float(value))


def StringImm(value: str, loc: Any = None) -> Any:  # noqa: N802 - the IR's name
    """``T.StringImm("name")``: a string constant (as a call argument, printed ``"name"``)."""
    if not isinstance(value, str):
        raise TypeError(f"`T.StringImm` takes a str, got `{type(value).__name__}`")
    return _StringImmNode(value)


def Var(name: Optional[str] = None, ty: Any = None, loc: Any = None, *,  # noqa: N802
        name_hint: Optional[str] = None) -> Any:
    """``T.Var("n", "int32")`` (or ``name_hint="n"``): a new variable of the type (a dtype name,
    a PrimType, a tensor or pointer type); each call is a variable of its own."""
    if name is not None and name_hint is not None:
        raise TypeError("`T.Var` takes the name once: as `name` or as `name_hint=`")
    name = name if name is not None else name_hint
    if not isinstance(name, str):
        raise TypeError(f"`T.Var` takes the name as a str, got `{type(name).__name__}`")
    if ty is None:
        ty = _ir.Type.missing()
    elif isinstance(ty, str):
        ty = _ir.PrimType(ty)
    elif not isinstance(ty, _ir.Type):
        raise TypeError(f"`T.Var` takes a type such as \"int32\" or `T.Tensor(...)`, got "
                        f"`{type(ty).__name__}`")
    return _ir.Var(name, ty)


def TensorLoad(source: Any, indices: Sequence[Any], loc: Any = None) -> Any:  # noqa: N802
    """``T.TensorLoad(A, [i, j])``: the element load ``A[i, j]`` of a tensor (literal indices
    are int32 constants); printed ``A[i, j]``."""
    if not (isinstance(source, _ir.Expr) and isinstance(source.ty, _ir.TensorType)):
        raise TypeError("`T.TensorLoad` loads from a tensor, such as a `T.Tensor` parameter")
    if not isinstance(indices, (list, tuple)):
        raise TypeError(f"`T.TensorLoad` takes the indices as a list, got "
                        f"`{type(indices).__name__}`")
    return _TensorLoadNode(source, [_default_typed(i) for i in indices])


def Ptr(element_type: Any, scope: str = "global") -> Any:  # noqa: N802 - the IR's name
    """``T.Ptr(T.float32, scope="shared")``: a pointer type."""
    return _ir.PointerType(element_type, scope)


def Func(arg_types: Sequence[Any], ret_type: Any) -> Any:  # noqa: N802 - the IR's name
    """``T.Func([T.int32], T.int32)`` (also ``T.FuncType``): a function type."""
    return _ir.FuncType(list(arg_types), ret_type)


FuncType = Func


def Missing() -> Any:  # noqa: N802 - the IR's name
    """``T.Missing()`` (also ``T.MissingType()``): the type nothing could deduce."""
    return _ir.Type.missing()


MissingType = Missing

# The field-less types and the base class: the IR's classes themselves, as in the reference.
NoneType = _ir.NoneType
Opaque = _ir.OpaqueType
String = _ir.StringType
StringType = _ir.StringType
TensorRegionType = _ir.TensorRegionType
Type = _ir.Type


def tuple_type(*fields: Any) -> Any:
    """``T.Tuple(T.int32, T.float32)``: the type of a tuple value, one type per field (a dtype
    name is its PrimType); a function's parameter or return type."""
    for field in fields:
        if not isinstance(field, (str, _ir.Type)):
            raise TypeError(f"`T.Tuple` takes types such as `T.int32`, got "
                            f"`{type(field).__name__}`")
    return _ir.TupleType(list(fields))


tuple_type.__name__ = tuple_type.__qualname__ = "Tuple"

DataTypeImm = _ir.DataTypeImm
GenericConst = _ir.GenericConst


def dtype(value: Any) -> Any:
    """``T.dtype("float32")``: a data type as a value, e.g. an argument of a call (a
    ``DataTypeImm`` of type ``T.Any()``); ``T.float32(...)`` makes a number instead."""
    return _ir.DataTypeImm(value)


CONSTRUCTORS = ("DataTypeImm", "FloatImm", "GenericConst", "IntImm", "StringImm", "TensorLoad",
                "Var", "dtype")
"""The expression constructors defined here (the namespaces' ``constructor`` kind)."""
TYPES = ("Func", "FuncType", "Missing", "MissingType", "NoneType", "Opaque", "Prim", "PrimType",
         "Ptr", "String", "StringType", "TensorRegionType", "Type")
"""The type constructors defined here (the namespaces' ``type`` kind)."""
