"""The operators of ``T`` beyond arithmetic and the float math of tvm_tirx (issue 10, item
3): integer division (``T.ceildiv``, ``T.truncdiv``), selection and hints
(``T.if_then_else``, ``T.likely``, ``T.assume``), number tests (``T.abs``, ``T.isnan``,
``T.isinf``, ``T.isfinite``), more float math (``T.hypot``, ``T.atan2``, ``T.log1p``, ...),
bit operations (``T.popcount``, ``T.clz``, ``T.reinterpret``, the shifts), typed constants
(``T.infinity``, ``T.max_value``, ``T.min_value``) and external calls (``T.call_extern``,
``T.call_pure_extern``).

Signatures are the reference's (apache-tvm-tirx 0.1.0a4, tests/oracle_records/namespaces.json).
Every type rule is C++'s (core/tirx/src/op.cc, math_builders.cc, builtin_intrinsics.cc); these
functions only turn Python literals into constants and call it. The intrinsics among them are
hand-written refinements (``@refines_intrinsic``) of the members tirx_intrinsics.py makes from
the op registry; those the generic call serves (``T.likely``, ``T.clz``, ``T.nearbyint``,
``T.vector_low`` ...) are not written here. ``loc`` is accepted for the
reference's signatures: a call in TVMScript gets its span from the parser.
"""

from __future__ import annotations

import builtins
import re
from typing import Any, Tuple

import tvm_ffi

from .. import And as _And
from .. import Not as _Not
from .. import Or as _Or
from .. import ir as _ir
from .recorded import NotAnalysedYet
from .tirx_scalars import HandleType as _HandleType
from .tirx_types import adopt_literal as _adopt
from .tirx_types import default_typed as _default_typed
from .tirx_types import same_typed_branches as _same_typed_branches
from .tirx_intrinsics import intrinsic_call as _call
from .tirx_intrinsics import refines_intrinsic

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
    if isinstance(ty, _HandleType):
        # `T.handle` is how a handle dtype prints (`T.reinterpret(x, ty=T.handle)`).
        return _ir.PrimType("handle")
    raise TypeError(f"`T.{member}` takes `ty=` as a dtype such as `T.int32` or \"int32\", got "
                    f"`{type(ty).__name__}`")


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

@refines_intrinsic
def log1p(x: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.log1p(x)``: ``log(1 + x)``, exact near 0, of a float."""
    return _call("log1p", [x], ty)


def _float_operands(args: Any) -> list:
    """Python literals among float-math operands: constants of the first expression operand's
    type, float32 when every operand is a literal (``T.exp(1)`` is of a float32 1)."""
    partner = next((a for a in args if isinstance(a, _ir.Expr)), None)
    ty = partner.ty if partner is not None else _ir.PrimType("float32")
    return [a if isinstance(a, _ir.Expr) else ty(a) for a in args]


def _unary_float_math(name: str, doc: str) -> Any:
    """``T.<name>(x)``: the float intrinsic ``tirx.<name>``, the reference's signature."""
    def member(x: Any, *, ty: Any = None, loc: Any = None) -> Any:
        return _call(name, _float_operands([x]), ty)
    member.__name__ = member.__qualname__ = name
    member.__doc__ = doc
    return refines_intrinsic(member)


def _binary_float_math(name: str, doc: str) -> Any:
    """``T.<name>(x, y)``: the float intrinsic ``tirx.<name>`` of two operands."""
    def member(x: Any, y: Any, *, ty: Any = None, loc: Any = None) -> Any:
        return _call(name, _float_operands([x, y]), ty)
    member.__name__ = member.__qualname__ = name
    member.__doc__ = doc
    return refines_intrinsic(member)


def _raw_float_math(name: str, doc: str) -> Any:
    """``T.<name>(...)``: a float intrinsic in the reference's raw call form (``*args`` and the
    keywords ``attrs=``, ``ty_args=``, ``ty=``); ours takes no attrs, ty_args or keyword
    operands."""
    def member(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
               ty: Any = None, **kwargs: Any) -> Any:
        _no_operand_keywords(name, attrs, ty_args, kwargs)
        return _call(name, _float_operands(args), ty)
    member.__name__ = member.__qualname__ = name
    member.__doc__ = doc
    return refines_intrinsic(member)


# The float intrinsics of tvm_tirx (`exp` ... `fmod`) under the reference's signatures: `ty=`
# gives the result type (as the reference, the operands' rule is then not applied).
exp = _unary_float_math("exp", "``T.exp(x)``: ``e ** x`` of a float.")
exp2 = _unary_float_math("exp2", "``T.exp2(x)``: ``2 ** x`` of a float.")
log = _unary_float_math("log", "``T.log(x)``: the natural logarithm of a float.")
log2 = _unary_float_math("log2", "``T.log2(x)``: the base-2 logarithm of a float.")
log10 = _unary_float_math("log10", "``T.log10(x)``: the base-10 logarithm of a float.")
sqrt = _unary_float_math("sqrt", "``T.sqrt(x)``: the square root of a float.")
rsqrt = _unary_float_math("rsqrt", "``T.rsqrt(x)``: ``1 / sqrt(x)`` of a float.")
tanh = _unary_float_math("tanh", "``T.tanh(x)``: the hyperbolic tangent of a float.")
sigmoid = _unary_float_math("sigmoid", "``T.sigmoid(x)``: ``1 / (1 + exp(-x))`` of a float.")
sin = _unary_float_math("sin", "``T.sin(x)``: the sine of a float, in radians.")
cos = _unary_float_math("cos", "``T.cos(x)``: the cosine of a float, in radians.")
tan = _unary_float_math("tan", "``T.tan(x)``: the tangent of a float, in radians.")
erf = _unary_float_math("erf", "``T.erf(x)``: the error function of a float.")
fmod = _binary_float_math("fmod", "``T.fmod(x, y)``: the float remainder of ``x / y`` (the "
                          "sign of ``x``).")
fabs = _raw_float_math("fabs", "``T.fabs(x)``: the absolute value of a float.")
floor = _raw_float_math("floor", "``T.floor(x)``: a float rounded down to an integer value.")
ceil = _raw_float_math("ceil", "``T.ceil(x)``: a float rounded up to an integer value.")
round = _raw_float_math(  # noqa: A001 - the IR's name
    "round", "``T.round(x)``: a float rounded to the nearest integer value.")
trunc = _raw_float_math("trunc", "``T.trunc(x)``: a float rounded toward zero to an integer "
                        "value.")
pow = _raw_float_math("pow", "``T.pow(x, y)``: ``x ** y`` of floats.")  # noqa: A001 - the IR's


asin = _unary_float_math("asin", "``T.asin(x)``: the arc sine of a float, in radians.")
acos = _unary_float_math("acos", "``T.acos(x)``: the arc cosine of a float, in radians.")
atan = _unary_float_math("atan", "``T.atan(x)``: the arc tangent of a float, in radians.")
sinh = _unary_float_math("sinh", "``T.sinh(x)``: the hyperbolic sine of a float.")
cosh = _unary_float_math("cosh", "``T.cosh(x)``: the hyperbolic cosine of a float.")
asinh = _unary_float_math("asinh", "``T.asinh(x)``: the inverse hyperbolic sine of a float.")
acosh = _unary_float_math("acosh", "``T.acosh(x)``: the inverse hyperbolic cosine of a float.")
atanh = _unary_float_math("atanh", "``T.atanh(x)``: the inverse hyperbolic tangent of a float.")


@refines_intrinsic
def nextafter(x1: Any, x2: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.nextafter(x1, x2)``: the next float after ``x1`` in the direction of ``x2``."""
    return _call("nextafter", [_adopt(x1, x2), _adopt(x2, x1)], ty)


# --- pointers and the vector length ------------------------------------------------------

@refines_intrinsic
def address_of(obj: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.address_of(A[i])``: a pointer to the element ``A[i]`` in the tensor's scope. Apache
    TVM's ``T.address_of(A)`` of a whole tensor is its first element's, ``A[0, 0]``."""
    if isinstance(obj, _ir.Var) and isinstance(obj.ty, _ir.TensorType):
        obj = obj[(0,) * len(obj.ty.shape)] if len(obj.ty.shape) > 0 else obj[()]
    return _call("address_of", [obj], ty)


@refines_intrinsic
def tensor_data_ptr(tensor: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.tensor_data_ptr(A)`` (printed ``A.data``): a pointer to the tensor's elements."""
    return _call("tensor_data_ptr", [tensor], ty)


@refines_intrinsic
def vscale(*, ty: Any = None, loc: Any = None) -> Any:
    """``T.vscale()``: the scalable vector length multiplier of the target, an int32."""
    return _call("vscale", [], ty)


@refines_intrinsic
def exp10(x: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.exp10(x)``: ``10 ** x`` of a float."""
    return _call("exp10", [x], ty)


@refines_intrinsic
def atan2(x1: Any, x2: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.atan2(y, x)``: the angle of the point ``(x, y)``, in ``(-pi, pi]``; a literal
    adopts the other operand's type."""
    return _call("atan2", [_adopt(x1, x2), _adopt(x2, x1)], ty)


@refines_intrinsic
def copysign(x1: Any, x2: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.copysign(x1, x2)``: the magnitude of ``x1`` with the sign of ``x2``."""
    return _call("copysign", [_adopt(x1, x2), _adopt(x2, x1)], ty)


@refines_intrinsic
def fma(x: Any, y: Any, z: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.fma(x, y, z)``: ``x * y + z`` of floats of one type, rounded once."""
    partner = next((a for a in (x, y, z) if isinstance(a, _ir.Expr)), None)
    return _call("fma", [_adopt(a, partner) for a in (x, y, z)], ty)


@refines_intrinsic
def ldexp(x1: Any, x2: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.ldexp(x, e)``: ``x * 2 ** e`` for a float ``x`` and an integer exponent ``e``
    (a literal exponent is an int32)."""
    return _call("ldexp", [x1, x2], ty)


@refines_intrinsic
def hypot(x1: Any, x2: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.hypot(x, y)``: ``sqrt(x ** 2 + y ** 2)`` without overflow; a literal adopts the
    other operand's type."""
    return _call("hypot", [_adopt(x1, x2), _adopt(x2, x1)], ty)


# --- selection and hints --------------------------------------------------------------------

@refines_intrinsic
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


@refines_intrinsic
def assume(cond: Any = None, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.assume(cond)``: a statement stating a bool fact the following code may rely on."""
    return _call("assume", [cond], ty)


def select(condition: Any, true_value: Any, false_value: Any) -> Any:
    """``T.select(c, t, f)``: ``T.if_then_else(c, t, f)`` of an IR condition (only the chosen
    branch is evaluated); of a Python value, the chosen value itself, as the reference."""
    if not isinstance(condition, _ir.Expr):
        return true_value if condition else false_value
    return if_then_else(condition, true_value, false_value)


def if_then_else_(condition: Any, true_value: Any, false_value: Any) -> Any:
    """``a if c else b``: ``T.if_then_else(c, a, b)`` for an IR condition, as the reference
    builds it (only the chosen branch is evaluated, as in Python; ``T.Select`` evaluates both),
    Python's choice for a Python one."""
    return select(condition, true_value, false_value)  # the same rule as `T.select`


# --- logical operators as calls -------------------------------------------------------------

def _logical_chain(name: str, values: Any, host: Any, scalar: Any, vector: str) -> Any:
    if not values:
        raise TypeError(f"`T.{name}` takes at least one operand")
    result = values[0]
    for value in values[1:]:
        if not isinstance(result, _ir.Expr) and not isinstance(value, _ir.Expr):
            result = host(result, value)
            continue
        lhs, rhs = _default_typed(result), _default_typed(value)
        if not _is_vector(lhs) and not _is_vector(rhs):
            result = scalar(lhs, rhs)
        else:  # vectors of bools combine lane by lane, as the reference's `&` / `|`
            result = _op[vector](lhs, rhs)
    return result


def _is_vector(value: Any) -> bool:
    """Whether an expression's type is a vector dtype (``boolx4``)."""
    ty = value.ty
    return isinstance(ty, _ir.PrimType) and re.search(r"x\d+$", str(ty.dtype)) is not None


def logical_and(*values: Any) -> Any:
    """``T.logical_and(a, b, ...)``: ``a and b and ...`` nested to the left, of bool operands
    (a literal ``True`` is a bool constant, kept unfolded); Python values alone combine as
    Python's ``and``; bool vectors combine lane by lane (``a & b``)."""
    return _logical_chain("logical_and", values, lambda a, b: a and b, _And, "bitwise_and")


def logical_or(*values: Any) -> Any:
    """``T.logical_or(a, b, ...)``: ``a or b or ...`` nested to the left, as
    ``T.logical_and``."""
    return _logical_chain("logical_or", values, lambda a, b: a or b, _Or, "bitwise_or")


def logical_not(value: Any) -> Any:
    """``T.logical_not(a)``: ``not a`` of a bool; of a Python value, Python's ``not``."""
    return _Not(value) if isinstance(value, _ir.Expr) else not value


@refines_intrinsic
def assume_aligned(tensor: Any, alignment_bytes: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.assume_aligned(A.data, 64)``: a statement that the pointer is aligned to that many
    bytes (a hint for code generation)."""
    return _call("assume_aligned", [tensor, alignment_bytes], ty)


@refines_intrinsic
def assume_always(predicate: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.assume_always(n > 0)``: a statement that the scalar bool holds everywhere in the
    function (``T.assume`` states it from here on)."""
    return _call("assume_always", [predicate], ty)


@refines_intrinsic
def ignore_loop_partition(predicate: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.ignore_loop_partition(i < n)``: the bool condition itself, marked so that loop
    partitioning does not split the loop on it."""
    return _call("ignore_loop_partition", [predicate], ty)


@refines_intrinsic
def throw_last_error(*, ty: Any = None, loc: Any = None) -> Any:
    """``T.throw_last_error()``: a statement that raises the runtime's last error."""
    return _call("throw_last_error", [], ty)


@refines_intrinsic
def handle_add_byte_offset(handle: Any, offset: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.handle_add_byte_offset(A.data, 16)``: the untyped pointer (``T.Ptr(T.void)``)
    ``offset`` bytes after ``handle``."""
    return _call("handle_add_byte_offset", [handle, offset], ty)


def _is_pointer(value: Any) -> bool:
    ty = getattr(value, "ty", None)
    return isinstance(ty, _ir.PointerType) or (
        isinstance(ty, _ir.PrimType) and str(ty.dtype) == "handle")


@refines_intrinsic
def ptr_byte_offset(data: Any, byte_offset: Any, *, ty: Any, loc: Any = None) -> Any:
    """``T.ptr_byte_offset(A.data, 16, ty=T.Ptr(T.int8))``: the pointer ``byte_offset`` bytes
    after ``data``, of the pointer type ``ty``."""
    if not _is_pointer(data):
        raise TypeError("`T.ptr_byte_offset` offsets a pointer (such as `A.data`)")
    if not isinstance(ty, _ir.PointerType):
        raise TypeError(f"`T.ptr_byte_offset` takes `ty=` as a pointer type such as "
                        f"`T.Ptr(T.int8)`, got `{type(ty).__name__}`")
    offset = _default_typed(byte_offset)
    if not (isinstance(offset, _ir.Expr) and isinstance(offset.ty, _ir.PrimType)
            and str(offset.ty.dtype).startswith(("int", "uint"))
            and not _is_vector(offset)):
        raise TypeError("`T.ptr_byte_offset` takes a scalar integer `byte_offset`")
    return _call("ptr_byte_offset", [data, offset], ty)


def static_assert(x: Any, message: str = "") -> None:
    """``T.static_assert(cond, "message")``: checked while the function is built (a Python
    ``assert`` of a value known then, such as a JIT constant); it builds nothing. An IR
    expression is not known then: TypeError."""
    if isinstance(x, _ir.Expr):
        raise TypeError("`T.static_assert` checks a value known while the function is built; "
                        "an IR expression is only known at run time (use `assert cond, msg`)")
    if not x:
        raise AssertionError(message)


# --- number tests ---------------------------------------------------------------------------

def abs(x: Any, loc: Any = None) -> Any:  # noqa: A001 - the IR's name
    """``T.abs(x)``: ``T.fabs`` of a float, ``T.Select(x >= 0, x, 0 - x)`` of a signed
    integer, ``x`` itself of an unsigned one."""
    return _op["abs"](_default_typed(x))


@refines_intrinsic
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


@refines_intrinsic
def popcount(x: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.popcount(x)``: the number of set bits of an integer, of its type."""
    return _call("popcount", [x], ty)


@refines_intrinsic
def reinterpret(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
                ty: Any = None, **kwargs: Any) -> Any:
    """``T.reinterpret(x, ty=T.int32)``: the bits of ``x`` read as ``ty``, of the same total
    width (TypeError otherwise); ``ty=T.Ptr(T.void)`` reads a 64-bit integer as an address, as
    the reference builds a PTX address operand of one (tirx_ptx.py)."""
    _no_operand_keywords("reinterpret", attrs, ty_args, kwargs)
    if len(args) != 1 or ty is None:
        raise TypeError("`T.reinterpret` takes one value and `ty=`")
    if isinstance(args[0], str):  # Apache TVM's lowered packed calls: a string's address
        raise NotAnalysedYet("`T.reinterpret` of a string (the address of its bytes) is not "
                             "analysed yet")
    if isinstance(ty, _ir.PointerType) and not isinstance(ty, _HandleType):
        call = _call("reinterpret", [args[0]], ty)
        call.validate()  # the op's check: the value is a 64-bit integer
        return call
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

def _result_type_first(args: Tuple[Any, ...], ty: Any) -> Tuple[Tuple[Any, ...], Any]:
    """Apache TVM's spelling of a result-typed call, its dtype first and no ``ty=``, in a
    ``@T.prim_func``: ``T.call_extern("float32", "g", x)`` is ``T.call_extern("g", x,
    ty=T.float32)`` there (the reference reads the first string as the function's name)."""
    if ty is None and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str) \
            and _is_dtype_name(args[0]) and _in_apache_function():
        return args[1:], _ir.PrimType(args[0])
    return args, ty


_in_apache_function = tvm_ffi.get_global_func("tirx.builder.InApacheFunction")


def _is_dtype_name(text: str) -> bool:
    try:
        return str(_ir.PrimType(text).dtype) == text or text in ("void", "handle")
    except Exception:  # noqa: BLE001 - not a dtype
        return False


@refines_intrinsic
def call_extern(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
                ty: Any = None, **kwargs: Any) -> Any:
    """``T.call_extern("host_notify", x, ty=T.int32)``: a call of an external function. Every
    argument is kept as written (strings as StringImm); the result type is ``ty=`` (Missing
    when not given); Apache TVM's ``T.call_extern("int32", "host_notify", x)`` too."""
    _no_operand_keywords("call_extern", attrs, ty_args, kwargs)
    args, ty = _result_type_first(args, ty)
    return _call("call_extern", args, _ir.Type.missing() if ty is None else ty)


@refines_intrinsic
def call_pure_extern(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
                     ty: Any = None, **kwargs: Any) -> Any:
    """``T.call_pure_extern("erfcf", x, ty=T.float32)``: ``T.call_extern`` of a function
    without side effects."""
    _no_operand_keywords("call_pure_extern", attrs, ty_args, kwargs)
    args, ty = _result_type_first(args, ty)
    return _call("call_pure_extern", args, _ir.Type.missing() if ty is None else ty)


@refines_intrinsic
def call_llvm_intrin(name: Any, *args: Any, ty: Any = None, loc: Any = None) -> Any:
    """``T.call_llvm_intrin("llvm.ctpop", x, ty=T.int32)``: a call of the LLVM intrinsic of
    that name (kept as written, a StringImm); the result type is ``ty=`` (Apache TVM's
    ``T.call_llvm_intrin("int32", "llvm.ctpop", x)`` in a ``@T.prim_func`` too)."""
    (name, *args), ty = _result_type_first((name, *args), ty)
    return _call("call_llvm_intrin", [name, *args], _prim_type(ty, "call_llvm_intrin"))


@refines_intrinsic
def call_llvm_pure_intrin(name: Any, *args: Any, ty: Any = None, loc: Any = None) -> Any:
    """``T.call_llvm_pure_intrin("llvm.fshl", a, b, s, ty=T.int32)``: ``T.call_llvm_intrin`` of
    an intrinsic without side effects."""
    (name, *args), ty = _result_type_first((name, *args), ty)
    return _call("call_llvm_pure_intrin", [name, *args], _prim_type(ty, "call_llvm_pure_intrin"))


def _packed_args(member: str, args: Any) -> Any:
    for arg in args:
        if isinstance(arg, _ir.Expr) and isinstance(arg.ty, _ir.TensorType):
            raise NotAnalysedYet(f"`T.{member}` of a tensor is not analysed yet: Apache TVM "
                                 "and the reference pass it as a DLTensor they build on the "
                                 "stack (pass `A.data` and its shape instead)")
    return args


@refines_intrinsic
def call_packed(*args: Any, loc: Any = None, ty: Any = None) -> Any:
    """``T.call_packed("fn", x, y)``: a call of the packed function named first, with the
    other arguments; the result is of ``ty=``, an int32 when not given."""
    return _call("call_packed", _packed_args("call_packed", args), ty)


@refines_intrinsic
def call_cpacked(*args: Any, loc: Any = None, ty: Any = None) -> Any:
    """``T.call_cpacked("fn", x)``: ``T.call_packed`` of a function of the C packed calling
    convention."""
    return _call("call_cpacked", _packed_args("call_cpacked", args), ty)


@refines_intrinsic
def call_packed_lowered(*args: Any, loc: Any = None, ty: Any = None) -> Any:
    """``T.call_packed_lowered("fn", values, codes, begin, end)``: ``T.call_packed`` in the form
    after lowering (its arguments already placed on the stack), an int32 unless ``ty=``."""
    return _call("call_packed_lowered", _packed_args("call_packed_lowered", args), ty)


@refines_intrinsic
def call_cpacked_lowered(*args: Any, loc: Any = None, ty: Any = None) -> Any:
    """``T.call_cpacked_lowered(...)``: ``T.call_cpacked`` in the form after lowering."""
    return _call("call_cpacked_lowered", _packed_args("call_cpacked_lowered", args), ty)


@refines_intrinsic
def undef(*, ty: Any = None, loc: Any = None) -> Any:
    """``T.undef()``: a value that is defined but arbitrary (an int32, or of ``ty=``), for a
    computation whose result is never read."""
    return _call("undef", [], None if ty is None else _prim_type(ty, "undef"))


@refines_intrinsic
def isnullptr(x: Any, loc: Any = None, *, ty: Any = None) -> Any:
    """``T.isnullptr(p)``: whether the pointer ``p`` (a ``T.Ptr`` or ``T.handle`` value) is
    null, a bool."""
    return _call("isnullptr", [x], ty)


MEMBERS = ("abs", "bitwise_and", "bitwise_not", "bitwise_or", "bitwise_xor", "ceildiv",
           "infinity", "isfinite", "isinf", "logical_and", "logical_not", "logical_or",
           "max_value", "min_value", "select", "shift_left", "shift_right", "static_assert",
           "truncdiv")
"""The ``T`` members this module defines beyond the intrinsics (tirx.py's ``__member_kinds__``
lists them); its intrinsic members are marked ``@refines_intrinsic``."""
