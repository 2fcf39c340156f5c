"""tvm_tirx: the TIRx IR from Python (node classes, make_const, operators).

Node classes are made from reflection (no per-type binding code): every TIRx expression type
registered in C++ appears here under its name.
"""

from __future__ import annotations

from typing import Any, Union

import tvm_ffi
from tvm_ffi import get_global_func

from . import ir
from .ir import Call, Expr, GlobalVar, IRModule, Op, PrimType, Range, Span, Type, Var

_make_const = get_global_func("tirx.make_const")
_cast = get_global_func("tirx.op.cast")
_builders = {name: get_global_func("tirx.op." + name) for name in (
    "truncmod", "min", "max", "equal", "not_equal", "logical_and", "logical_or", "logical_not")}

IntImm = tvm_ffi.object_class("prim.IntImm")
FloatImm = tvm_ffi.object_class("prim.FloatImm")
StringImm = tvm_ffi.object_class("prim.StringImm")
Cast = tvm_ffi.object_class("prim.Cast")
BinaryOp = tvm_ffi.object_class("prim.BinaryOp")
Add = tvm_ffi.object_class("prim.Add")
Sub = tvm_ffi.object_class("prim.Sub")
Mul = tvm_ffi.object_class("prim.Mul")
Div = tvm_ffi.object_class("prim.Div")
Mod = tvm_ffi.object_class("prim.Mod")
FloorDiv = tvm_ffi.object_class("prim.FloorDiv")
FloorMod = tvm_ffi.object_class("prim.FloorMod")
Min = tvm_ffi.object_class("prim.Min")
LShift = tvm_ffi.object_class("prim.LShift")
RShift = tvm_ffi.object_class("prim.RShift")
BitwiseAnd = tvm_ffi.object_class("prim.BitwiseAnd")
BitwiseOr = tvm_ffi.object_class("prim.BitwiseOr")
BitwiseXor = tvm_ffi.object_class("prim.BitwiseXor")
BitwiseNot = tvm_ffi.object_class("prim.BitwiseNot")
Max = tvm_ffi.object_class("prim.Max")
EQ = tvm_ffi.object_class("prim.EQ")
NE = tvm_ffi.object_class("prim.NE")
LT = tvm_ffi.object_class("prim.LT")
LE = tvm_ffi.object_class("prim.LE")
GT = tvm_ffi.object_class("prim.GT")
GE = tvm_ffi.object_class("prim.GE")
And = tvm_ffi.object_class("prim.And")
Or = tvm_ffi.object_class("prim.Or")
Not = tvm_ffi.object_class("prim.Not")
Select = tvm_ffi.object_class("prim.Select")


def _prim_type(ty: Union[str, PrimType]) -> PrimType:
    return PrimType(ty) if isinstance(ty, str) else ty


def make_const(ty: Union[str, PrimType], value: Union[bool, int, float]) -> Expr:
    """A constant of the type: IntImm for int/uint/bool, FloatImm for floats.

    A vector type gets a Broadcast of the scalar constant.
    """
    return _make_const(_prim_type(ty), value)


def cast(ty: Union[str, PrimType], value: Expr) -> Expr:
    """value converted to ty (itself when the type already matches)."""
    return _cast(_prim_type(ty), value)


def truncmod(a: Any, b: Any) -> Expr:
    """The remainder of truncated division (the sign of ``a``): ``T.truncmod(a, b)``, integers only
    (``T.fmod`` is the float one)."""
    return _builders["truncmod"](a, b)


def min(a: Any, b: Any) -> Expr:  # noqa: A001 - the IR's name
    """The smaller of ``a`` and ``b``: ``T.min(a, b)``, operands of one type (an integer widens)."""
    return _builders["min"](a, b)


def max(a: Any, b: Any) -> Expr:  # noqa: A001 - the IR's name
    """The larger of ``a`` and ``b``: ``T.max(a, b)``, operands of one type (an integer widens)."""
    return _builders["max"](a, b)


def equal(a: Any, b: Any) -> Expr:
    return _builders["equal"](a, b)


def not_equal(a: Any, b: Any) -> Expr:
    return _builders["not_equal"](a, b)


def logical_and(a: Any, b: Any) -> Expr:
    return _builders["logical_and"](a, b)


def logical_or(a: Any, b: Any) -> Expr:
    return _builders["logical_or"](a, b)


def logical_not(a: Expr) -> Expr:
    return _builders["logical_not"](a)


TensorLoad = tvm_ffi.object_class("prim.TensorLoad")
Ramp = tvm_ffi.object_class("prim.Ramp")
Broadcast = tvm_ffi.object_class("prim.Broadcast")
Shuffle = tvm_ffi.object_class("prim.Shuffle")
Let = tvm_ffi.object_class("prim.Let")
# The combiner of a cross-thread reduction (`T.comm_reducer`), the node of a reduce_scope.
CommReducer = tvm_ffi.object_class("tirx.CommReducer")

from .stmt import (  # noqa: E402 - after the expression classes it builds on
    AllocTensor,
    AssertStmt,
    AttrStmt,
    Bind,
    Break,
    Continue,
    DeclTensor,
    Evaluate,
    For,
    ForKind,
    Function,
    IfThenElse,
    Return,
    SeqStmt,
    Stmt,
    TensorStore,
    While,
)

_call_intrinsic = get_global_func("tirx.CallIntrinsic")


def _adopt_literals(args: Any) -> list:
    """Python literals as constants of the first expression argument's type (float32 when
    every argument is a literal)."""
    partner = next((a for a in args if isinstance(a, Expr)), None)
    ty = partner.ty if partner is not None else PrimType("float32")
    return [a if isinstance(a, Expr) else make_const(ty, a) for a in args]


def _make_intrinsic(name: str, arity: int) -> Any:
    def intrinsic(*args: Any) -> Expr:
        return _call_intrinsic(name, _adopt_literals(args))

    intrinsic.__name__ = name
    intrinsic.__doc__ = f"``tirx.{name}`` on {arity} float argument{'s' if arity > 1 else ''}."
    return intrinsic


for _name, _arity in (
    ("exp", 1), ("exp2", 1), ("log", 1), ("log2", 1), ("log10", 1), ("sqrt", 1), ("rsqrt", 1),
    ("tanh", 1), ("sigmoid", 1), ("sin", 1), ("cos", 1), ("tan", 1), ("erf", 1), ("fabs", 1),
    ("floor", 1), ("ceil", 1), ("round", 1), ("trunc", 1), ("pow", 2), ("fmod", 2),
):
    globals()[_name] = _make_intrinsic(_name, _arity)
del _name, _arity

from . import analysis  # noqa: E402 - after the node classes its checks return
