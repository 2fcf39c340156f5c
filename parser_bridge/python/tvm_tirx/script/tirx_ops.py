"""The operators of ``T`` beyond arithmetic and the float math of tvm_tirx (issue 10, item
3): integer division (``T.ceildiv``, ``T.truncdiv``), selection and hints
(``T.if_then_else``, ``T.likely``, ``T.assume``), number tests (``T.abs``, ``T.isnan``,
``T.isinf``, ``T.isfinite``), more float math (``T.hypot``, ``T.atan2``, ``T.log1p``, ...),
bit operations (``T.popcount``, ``T.clz``, ``T.reinterpret``, the shifts), typed constants
(``T.infinity``, ``T.max_value``, ``T.min_value``) and external calls (``T.call_extern``,
``T.call_pure_extern``).

Signatures are the reference's (apache-tvm-tirx 0.1.0a4, tests/oracle_records/namespaces.json).
Every type rule is C++'s (core/tirx/src/op.cc, math_builders.cc, builtin_intrinsics.cc); these
functions only turn Python literals into constants and call it. ``loc`` is accepted for the
reference's signatures: a call in TVMScript gets its span from the parser.
"""

from __future__ import annotations

import builtins
from typing import Any

import tvm_ffi

from .. import StringImm as _StringImm
from .. import ir as _ir
from .tirx_legacy import adopt_literal as _adopt
from .tirx_legacy import default_typed as _default_typed
from .tirx_legacy import same_typed_branches as _same_typed_branches

_op = {name: tvm_ffi.get_global_func("tirx.op." + name) for name in (
    "ceildiv", "truncdiv", "shift_left", "shift_right", "bitwise_and", "bitwise_or",
    "bitwise_xor", "bitwise_not", "abs", "isinf", "isfinite", "infinity", "max_value",
    "min_value")}
_reinterpret = tvm_ffi.get_global_func("tirx.Reinterpret")


def _prim_type(ty: Any, member: str) -> _ir.PrimType:
    if isinstance(ty, str):
        return _ir.PrimType(ty)
    if isinstance(ty, _ir.PrimType):
        return ty
    raise TypeError(f"`T.{member}` takes `ty=` as a dtype such as `T.int32` or \"int32\", got "
                    f"`{type(ty).__name__}`")


def _operand(value: Any) -> Any:
    """A call argument: a string becomes a StringImm, a literal a default-typed constant."""
    if isinstance(value, str):
        return _StringImm(value)
    return _default_typed(value)


def _call(name: str, args: Any, ty: Any = None) -> Any:
    return _ir.Call(_ir.Op.get(f"tirx.{name}"), [_operand(a) for a in args], ty=ty)


def _no_operand_keywords(name: str, attrs: Any, ty_args: Any, kwargs: dict) -> None:
    if attrs or ty_args or kwargs:
        raise TypeError(f"`T.{name}` takes no attrs, ty_args or keyword operands")


# --- integer division ---------------------------------------------------------------------

def ceildiv(lhs: Any, rhs: Any, loc: Any = None) -> Any:
    """``T.ceildiv(a, b)``: integer division rounding up, built as ``(a + b - 1) // b``."""
    return _op["ceildiv"](lhs, rhs)


def truncdiv(a: Any, b: Any, loc: Any = None) -> Any:
    """``T.truncdiv(a, b)``: integer division rounding toward zero (C's ``/``), a ``T.Div``
    of integers; ``T.truncmod`` is its remainder."""
    return _op["truncdiv"](a, b)


# --- float math beyond tvm_tirx's exp, log, ... ---------------------------------------------

def log1p(x: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.log1p(x)``: ``log(1 + x)``, exact near 0, of a float."""
    return _call("log1p", [x], ty)


def nearbyint(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
              ty: Any = None, **kwargs: Any) -> Any:
    """``T.nearbyint(x)``: a float rounded to an integer value, half to even."""
    _no_operand_keywords("nearbyint", attrs, ty_args, kwargs)
    return _call("nearbyint", args, ty)


def _unary_float_math(name: str, doc: str) -> Any:
    """``T.<name>(x)``: the float intrinsic ``tirx.<name>``, the reference's signature."""
    def member(x: Any, *, ty: Any = None, loc: Any = None) -> Any:
        return _call(name, [x], ty)
    member.__name__ = member.__qualname__ = name
    member.__doc__ = doc
    return member


asin = _unary_float_math("asin", "``T.asin(x)``: the arc sine of a float, in radians.")
acos = _unary_float_math("acos", "``T.acos(x)``: the arc cosine of a float, in radians.")
atan = _unary_float_math("atan", "``T.atan(x)``: the arc tangent of a float, in radians.")
sinh = _unary_float_math("sinh", "``T.sinh(x)``: the hyperbolic sine of a float.")
cosh = _unary_float_math("cosh", "``T.cosh(x)``: the hyperbolic cosine of a float.")
asinh = _unary_float_math("asinh", "``T.asinh(x)``: the inverse hyperbolic sine of a float.")
acosh = _unary_float_math("acosh", "``T.acosh(x)``: the inverse hyperbolic cosine of a float.")
atanh = _unary_float_math("atanh", "``T.atanh(x)``: the inverse hyperbolic tangent of a float.")


def nextafter(x1: Any, x2: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.nextafter(x1, x2)``: the next float after ``x1`` in the direction of ``x2``."""
    return _call("nextafter", [_adopt(x1, x2), _adopt(x2, x1)], ty)


# --- pointers and the vector length ------------------------------------------------------

def address_of(obj: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.address_of(A[i])``: a pointer to the element ``A[i]`` in the tensor's scope."""
    return _call("address_of", [obj], ty)


def tensor_data_ptr(tensor: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.tensor_data_ptr(A)`` (printed ``A.data``): a pointer to the tensor's elements."""
    return _call("tensor_data_ptr", [tensor], ty)


def vscale(*, ty: Any = None, loc: Any = None) -> Any:
    """``T.vscale()``: the scalable vector length multiplier of the target, an int32."""
    return _call("vscale", [], ty)


def exp10(x: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.exp10(x)``: ``10 ** x`` of a float."""
    return _call("exp10", [x], ty)


def atan2(x1: Any, x2: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.atan2(y, x)``: the angle of the point ``(x, y)``, in ``(-pi, pi]``; a literal
    adopts the other operand's type."""
    return _call("atan2", [_adopt(x1, x2), _adopt(x2, x1)], ty)


def copysign(x1: Any, x2: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.copysign(x1, x2)``: the magnitude of ``x1`` with the sign of ``x2``."""
    return _call("copysign", [_adopt(x1, x2), _adopt(x2, x1)], ty)


def fma(x: Any, y: Any, z: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.fma(x, y, z)``: ``x * y + z`` of floats of one type, rounded once."""
    partner = next((a for a in (x, y, z) if isinstance(a, _ir.Expr)), None)
    return _call("fma", [_adopt(a, partner) for a in (x, y, z)], ty)


def ldexp(x1: Any, x2: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.ldexp(x, e)``: ``x * 2 ** e`` for a float ``x`` and an integer exponent ``e``
    (a literal exponent is an int32)."""
    return _call("ldexp", [x1, x2], ty)


def hypot(x1: Any, x2: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.hypot(x, y)``: ``sqrt(x ** 2 + y ** 2)`` without overflow; a literal adopts the
    other operand's type."""
    return _call("hypot", [_adopt(x1, x2), _adopt(x2, x1)], ty)


# --- selection and hints --------------------------------------------------------------------

def if_then_else(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
                 ty: Any = None, **kwargs: Any) -> Any:
    """``T.if_then_else(cond, t, f)``: ``t`` where ``cond`` holds, else ``f``, evaluating only
    the chosen branch (``T.Select`` evaluates both). A literal branch has its default type, and
    the branches must have one type."""
    _no_operand_keywords("if_then_else", attrs, ty_args, kwargs)
    if len(args) != 3:
        raise TypeError(f"`T.if_then_else` takes (cond, t, f), got {len(args)} arguments")
    cond, t, f = args
    if isinstance(cond, builtins.bool):
        cond = _ir.PrimType("bool")(cond)
    t, f = _same_typed_branches("T.if_then_else", t, f)
    return _call("if_then_else", [cond, t, f], ty)


def likely(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
           ty: Any = None, **kwargs: Any) -> Any:
    """``T.likely(cond)``: the bool ``cond``, marked as usually true (a hint for passes)."""
    _no_operand_keywords("likely", attrs, ty_args, kwargs)
    return _call("likely", args, ty)


def assume(cond: Any = None, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.assume(cond)``: a statement stating a bool fact the following code may rely on."""
    return _call("assume", [cond], ty)


# --- number tests ---------------------------------------------------------------------------

def abs(x: Any, loc: Any = None) -> Any:  # noqa: A001 - the IR's name
    """``T.abs(x)``: ``T.fabs`` of a float, ``T.Select(x >= 0, x, 0 - x)`` of a signed
    integer, ``x`` itself of an unsigned one."""
    return _op["abs"](_default_typed(x))


def isnan(x: Any, loc: Any = None, *, ty: Any = None) -> Any:
    """``T.isnan(x)``: whether a float is NaN (bool, lane by lane)."""
    return _call("isnan", [x], ty)


def isinf(x: Any, loc: Any = None) -> Any:
    """``T.isinf(x)``: ``T.fabs(x) == inf and not T.isnan(x)``; ``False`` for an integer."""
    return _op["isinf"](_default_typed(x))


def isfinite(x: Any, loc: Any = None) -> Any:
    """``T.isfinite(x)``: ``not T.isinf(x) and not T.isnan(x)``."""
    return _op["isfinite"](_default_typed(x))


# --- bits -----------------------------------------------------------------------------------

def shift_left(x: Any, y: Any, loc: Any = None) -> Any:
    """``T.shift_left(x, y)``: ``x << y`` of integers."""
    return _op["shift_left"](x, y)


def shift_right(x: Any, y: Any, loc: Any = None) -> Any:
    """``T.shift_right(x, y)``: ``x >> y`` of integers (arithmetic when x is signed)."""
    return _op["shift_right"](x, y)


def bitwise_and(x: Any, y: Any, loc: Any = None) -> Any:
    """``T.bitwise_and(x, y)``: ``x & y`` of integers."""
    return _op["bitwise_and"](x, y)


def bitwise_or(x: Any, y: Any, loc: Any = None) -> Any:
    """``T.bitwise_or(x, y)``: ``x | y`` of integers."""
    return _op["bitwise_or"](x, y)


def bitwise_xor(x: Any, y: Any, loc: Any = None) -> Any:
    """``T.bitwise_xor(x, y)``: ``x ^ y`` of integers."""
    return _op["bitwise_xor"](x, y)


def bitwise_not(x: Any, loc: Any = None) -> Any:
    """``T.bitwise_not(x)``: ``~x``, the bits of an integer flipped."""
    return _op["bitwise_not"](_default_typed(x))


def popcount(x: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.popcount(x)``: the number of set bits of an integer, of its type."""
    return _call("popcount", [x], ty)


def clz(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None, ty: Any = None,
        **kwargs: Any) -> Any:
    """``T.clz(x)``: the number of leading zero bits of a scalar integer, as an int32."""
    _no_operand_keywords("clz", attrs, ty_args, kwargs)
    return _call("clz", args, ty)


def reinterpret(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
                ty: Any = None, **kwargs: Any) -> Any:
    """``T.reinterpret(x, ty=T.int32)``: the bits of ``x`` read as ``ty``, of the same total
    width (TypeError otherwise)."""
    _no_operand_keywords("reinterpret", attrs, ty_args, kwargs)
    if len(args) != 1 or ty is None:
        raise TypeError("`T.reinterpret` takes one value and `ty=`")
    return _reinterpret(_prim_type(ty, "reinterpret"), _default_typed(args[0]))


# --- typed constants ------------------------------------------------------------------------

def infinity(*, ty: str, loc: Any = None) -> Any:
    """``T.infinity(ty="float32")``: +inf of a float type (``T.float32("inf")``)."""
    return _op["infinity"](_prim_type(ty, "infinity"))


def max_value(*, ty: str, loc: Any = None) -> Any:
    """``T.max_value(ty="int64")``: the largest value of the type, as a constant."""
    return _op["max_value"](_prim_type(ty, "max_value"))


def min_value(*, ty: Any, loc: Any = None) -> Any:
    """``T.min_value(ty="int8")``: the smallest value of the type, as a constant."""
    return _op["min_value"](_prim_type(ty, "min_value"))


# --- external calls -------------------------------------------------------------------------

def call_extern(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
                ty: Any = None, **kwargs: Any) -> Any:
    """``T.call_extern("int32", "host_notify", x)``: a call of an external function. Every
    argument is kept as written (strings as StringImm); the result type is ``ty=`` (Missing
    when not given)."""
    _no_operand_keywords("call_extern", attrs, ty_args, kwargs)
    return _call("call_extern", args, _ir.Type.missing() if ty is None else ty)


def call_pure_extern(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
                     ty: Any = None, **kwargs: Any) -> Any:
    """``T.call_pure_extern("erfcf", x, ty=T.float32)``: ``T.call_extern`` of a function
    without side effects."""
    _no_operand_keywords("call_pure_extern", attrs, ty_args, kwargs)
    return _call("call_pure_extern", args, _ir.Type.missing() if ty is None else ty)


MEMBERS = ("abs", "acos", "acosh", "address_of", "asin", "asinh", "assume", "atan", "atan2",
           "atanh",
           "bitwise_and", "bitwise_not", "bitwise_or", "bitwise_xor", "call_extern",
           "call_pure_extern", "ceildiv", "clz", "copysign", "cosh", "exp10", "fma", "hypot",
           "ldexp", "if_then_else", "infinity", "isfinite", "isinf", "isnan", "likely", "log1p",
           "max_value", "min_value", "nearbyint", "nextafter", "popcount", "reinterpret",
           "shift_left", "shift_right", "sinh", "tensor_data_ptr", "truncdiv", "vscale")
"""The ``T`` members this module defines (tirx.py's ``__member_kinds__`` lists them)."""
