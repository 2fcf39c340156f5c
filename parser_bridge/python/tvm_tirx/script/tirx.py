"""The TIRx script namespace, imported as ``T``: ``from tvm_tirx.script import tirx as T``.

Members are what printed TVMScript uses (docs/printer.md's canonical form): decorators, types,
loops, statements and expression constructors, plus the construction hooks (names ending in
``_``) that builder programs call. Today's spelling (``T.prim_func``, ``T.Buffer``, ...) maps
onto the same members (docs/frontend.md).
"""

from __future__ import annotations

import builtins
import sys
from typing import Any, Optional, Sequence

import tvm_ffi

from .. import (  # noqa: F401 - the bitwise and shift nodes are T's constructors
    BitwiseAnd,
    BitwiseNot,
    BitwiseOr,
    BitwiseXor,
    Cast as _CastNode,
    Div as _DivNode,
    Let as _LetNode,
    LShift,
    RShift,
    Select as _SelectNode,
    Shuffle as _ShuffleNode,
    max,
    min,
    truncmod,
)
from .. import ir as _ir
from .. import exp, exp2, log, log2, log10, sqrt, rsqrt, tanh, sigmoid  # noqa: F401
from .. import sin, cos, tan, erf, fabs, floor, ceil, round, trunc, pow, fmod  # noqa: F401
from .decorators import JITDecorator as _JITDecorator
from .parser import make_decorator as _make_decorator
from .parser import make_macro_decorator as _make_macro_decorator
from .parser import register_namespace as _register_namespace
from .parser.protocol_registry import (
    register_mutable_decl as _register_mutable_decl,
    register_scalar_annotation as _register_scalar_annotation,
)
from .tirx_builder import (  # noqa: F401 - the namespace's construction hooks
    alloc_local,
    alloc_scalar,
    alloc_shared,
    alloc_tensor,
    and_,
    arg_,
    assert_,
    attr,
    bind_,
    bind_many_,
    break_,
    constexpr,
    continue_,
    decl_scalar,
    decl_tensor,
    declare_mutable_,
    dtype_of as _dtype_of,
    dynamic,
    else_,
    emit_,
    eq_,
    evaluate,
    for_,
    ge_,
    gt_,
    func_attr,
    func_name_,
    func_ret_,
    function_,
    grid,
    header_symbol_,
    if_,
    if_then_else_,
    jit_arg_,
    le_,
    let,
    local_scalar,
    lt_,
    ne_,
    not_,
    or_,
    parallel,
    range_,
    return_,
    serial,
    setitem_,
    store_mutable_,
    then_,
    unroll,
    vectorized,
    while_,
    with_,
)
from .tirx_ops import MEMBERS as _OPS_MEMBERS
from .tirx_ops import (  # noqa: F401 - the operators beyond arithmetic (issue 10)
    abs,
    assume,
    atan2,
    bitwise_and,
    bitwise_not,
    bitwise_or,
    bitwise_xor,
    call_extern,
    call_pure_extern,
    ceildiv,
    clz,
    copysign,
    exp10,
    fma,
    hypot,
    if_then_else,
    infinity,
    isfinite,
    isinf,
    isnan,
    ldexp,
    likely,
    log1p,
    max_value,
    min_value,
    nearbyint,
    popcount,
    reinterpret,
    shift_left,
    shift_right,
    truncdiv,
)
from .tirx_legacy import (  # noqa: F401 - today's spelling (docs/frontend.md)
    Broadcast,
    Buffer,
    Ramp,
    ScalarType as _ScalarType,
    adopt_literal as _adopt,
    alloc_buffer,
    axis,
    block,
    block_attr,
    cast,
    decl_buffer,
    default_typed as _default_typed,
    init,
    match_buffer,
    operator_member as _operator_member,
    reads,
    sblock,
    sblock_attr,
    thread_binding,
    where,
    writes,
)

_T = sys.modules[__name__]  # the namespace object its decorators build with

_floordiv = tvm_ffi.get_global_func("tirx.op.floordiv")
_floormod = tvm_ffi.get_global_func("tirx.op.floormod")

Op = _ir.Op
from .ir import Range  # noqa: E402 - T.Range is I.Range (bare literal bounds are int32)

function = _make_decorator(_T, namespace_path="tirx.function")
function.__doc__ = """``@T.function`` / ``@T.function(private=True, check_well_formed=False)``: a
TIRx function built from the decorated definition."""

prim_func = _make_decorator(_T, namespace_path="tirx.prim_func")
prim_func.__doc__ = """``@T.prim_func``: ``@T.function`` under its Apache TVM name (today's
spelling, tirx_legacy.py). Options: ``private``, ``check_well_formed``, ``s_tir`` (records
``script.namespace = "s_tir"``, as ``@Ts.function`` does); ``persistent`` is rejected (no TIRx
equivalent)."""

# A JIT decorator is a FUNCTION decorator taking `const_args`: make_decorator has no flag for
# it, so it is constructed directly, bound to this namespace like the others.
jit = _JITDecorator(_T, "tirx.jit")
jit.__doc__ = """``@T.jit``: a JITFunction whose ``.specialize(**const_args)`` builds a
Function; ``@T.jit(const_args={...})`` builds it at once (docs/frontend.md)."""

macro = _make_macro_decorator(_T, namespace_path="tirx.macro")
macro.__doc__ = """``@T.macro`` / ``@T.macro(hygienic=False)``: a body that builds IR where it
is called."""

inline = _make_macro_decorator(_T, namespace_path="tirx.inline", late_binding=True)
inline.__doc__ = """``@T.inline``: a macro whose captured values are read again at every
call."""

# --- types ------------------------------------------------------------------------------------

_SCALARS = (
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "bfloat16", "bool", "handle",
)
for _name in _SCALARS:
    globals()[_name] = _ScalarType(_name)
del _name

void = _ir.PrimType("void")
bool_ = globals()["bool"]


def __getattr__(name: str) -> Any:
    """Vector types such as ``T.float32x4`` on first use; other names may be operators."""
    base, sep, lanes = name.rpartition("x")
    if sep and base in _SCALARS and lanes.isdigit():
        ty = _ir.PrimType(name)
        globals()[name] = ty
        return ty
    return _operator_member(name)


def Tensor(shape: Sequence[Any], dtype: Any = "float32", *, strides: Sequence[Any] = (),
           elem_offset: Any = None, scope: str = "global", alignment: int = 64) -> Any:
    """``T.Tensor((n, 4), T.float32, ...)``: a tensor type. Strings are not parsed as shapes."""
    if not isinstance(shape, (tuple, list)):
        raise TypeError(f"`T.Tensor` takes the shape as a tuple, got `{type(shape).__name__}`")
    for extent in (*shape, *strides):
        if isinstance(extent, str):
            raise TypeError(f"`T.Tensor` does not parse strings as shapes: got {extent!r}; "
                            "declare a symbol with `T.dynamic(...)` or a `def f[n]` header")
    return _ir.TensorType(_dtype_of(dtype), shape, strides, elem_offset, scope, alignment)


def Ptr(element_type: Any, scope: str = "global") -> Any:
    """``T.Ptr(T.float32, scope="shared")``: a pointer type."""
    return _ir.PointerType(element_type, scope)


def Func(arg_types: Sequence[Any], ret_type: Any) -> Any:
    """``T.Func([T.int32], T.int32)``: a function type."""
    return _ir.FuncType(list(arg_types), ret_type)


def Missing() -> Any:
    """``T.Missing()``: the type nothing could deduce."""
    return _ir.Type.missing()


# --- expressions ------------------------------------------------------------------------------

def Cast(dtype: Any, value: Any) -> Any:
    """``T.Cast("int64", x)``: an explicit conversion (a Cast node even to the same type)."""
    ty = dtype if isinstance(dtype, _ir.PrimType) else _ir.PrimType(dtype)
    return _CastNode(ty, _default_typed(value))


def Div(a: Any, b: Any) -> Any:
    """``T.Div(a, b)``: the division node, ``a / b`` of floats and the truncating division of
    integers (``T.truncdiv``); a literal adopts the other operand's type."""
    a, b = _adopt(a, b), _adopt(b, a)
    return _DivNode(_default_typed(a), _default_typed(b))


def Select(condition: Any, true_value: Any, false_value: Any) -> Any:
    """``T.Select(c, t, f)``: both branches evaluated, one chosen; a literal adopts the other
    branch's type."""
    if isinstance(condition, builtins.bool):
        condition = bool_(condition)
    true_value = _adopt(true_value, false_value)
    false_value = _adopt(false_value, true_value)
    return _SelectNode(condition, _default_typed(true_value), _default_typed(false_value))


def Shuffle(vectors: Sequence[Any], indices: Sequence[Any]) -> Any:
    """``T.Shuffle([vectors], [indices])``: lanes picked from the concatenated vectors."""
    return _ShuffleNode([_default_typed(v) for v in vectors],
                        [_default_typed(i) for i in indices])


def floordiv(a: Any, b: Any) -> Any:
    """``T.floordiv(a, b)``: ``a // b`` rounding toward negative infinity."""
    return _floordiv(a, b)


def floormod(a: Any, b: Any) -> Any:
    """``T.floormod(a, b)``: the remainder of ``T.floordiv``."""
    return _floormod(a, b)


def let_(let: Any, name: str, value: Any, make_body: Any, *, name_loc: Any = None) -> Any:
    """The transpiled ``T.Let(body, where={name: value})``: a new variable for ``body``."""
    if let is not Let:
        raise TypeError("`where={name: value}` defines a variable only for `T.Let`")
    value = _default_typed(value)
    var = _ir.Var(name, value.ty)
    return _LetNode(var, value, make_body(var))


def Let(body: Any, *, where: Optional[dict] = None) -> Any:
    """``T.Let(body, where={x: value})``: ``body`` with ``x`` bound to ``value``."""
    if not isinstance(where, dict) or len(where) != 1:
        raise TypeError("`T.Let` takes `where={var: value}` with exactly one binding")
    ((var, value),) = where.items()
    return _LetNode(var, _adopt(value, var), body)


# --- registration -----------------------------------------------------------------------------

__member_kinds__ = {
    "type": ("Tensor", "Ptr", "Func", "Missing"),
    "constructor": ("BitwiseAnd", "BitwiseNot", "BitwiseOr", "BitwiseXor", "Broadcast", "Cast",
                    "Div", "LShift", "Let", "Op", "RShift", "Ramp", "Range", "Select", "Shuffle"),
    "statement": ("alloc_local", "alloc_scalar", "alloc_shared", "alloc_tensor", "attr",
                  "decl_scalar", "decl_tensor", "evaluate", "func_attr", "local_scalar"),
    "loop": ("grid", "parallel", "serial", "thread_binding", "unroll", "vectorized"),
    "intrinsic": ("ceil", "cos", "erf", "exp", "exp2", "fabs", "floor", "floordiv", "floormod",
                  "fmod", "log", "log10", "log2", "max", "min", "pow", "round", "rsqrt",
                  "sigmoid", "sin", "sqrt", "tan", "tanh", "trunc", "truncmod", *_OPS_MEMBERS),
    "symbol": ("dynamic",),
    "marker": ("constexpr", "let"),
    "legacy": ("Buffer", "alloc_buffer", "cast", "decl_buffer", "match_buffer",
               "prim_func"),
    "unsupported": ("axis", "block", "block_attr", "init", "reads", "sblock", "sblock_attr",
                    "where", "writes"),
}
"""Member kinds for tools (protocol_registry.namespace_members); decorators, hooks (``*_``) and
types are recognized by their values."""

__member_aliases__ = {
    "prim_func": "function",
    "Buffer": "Tensor",
    "alloc_buffer": "alloc_tensor",
    "decl_buffer": "decl_tensor",
    "cast": "Cast",
    "bool_": "bool",
    "serial": "range",
}
"""Spellings with a canonical counterpart: today's spelling (docs/frontend.md), and ``T.serial``,
which the printer writes as the builtin ``range``."""

_register_namespace("tirx", _T)
for _name in _SCALARS:
    _register_scalar_annotation(f"tirx.{_name}", _name)
del _name
_register_scalar_annotation("tirx.bool_", "bool")

# Mutable storage (docs/frontend.md, "Mutable scalars"): a local annotated with a primitive
# type (`x: T.int32 = 0`, vectors included; not `T.handle`), and the names assigned these
# constructors, are stored into by later assignments.
_MUTABLE_LANES = (2, 4, 8, 16, 32, 64)
for _name in (*_SCALARS, "bool_"):
    if _name == "handle":
        continue
    _register_mutable_decl(f"tirx.{_name}", syntax="annotation")
    if _name not in ("bool", "bool_"):
        for _lanes in _MUTABLE_LANES:
            _register_mutable_decl(f"tirx.{_name}x{_lanes}", syntax="annotation")
del _name, _lanes
for _name in ("alloc_local", "alloc_scalar", "alloc_shared", "alloc_tensor", "decl_scalar",
              "local_scalar"):
    _register_mutable_decl(f"tirx.{_name}")
del _name


__all__ = [
    "Broadcast", "Cast", "Div", "Func", "Let", "Missing", "Op", "Ptr", "Ramp", "Range", "Select",
    "Shuffle", "Tensor", "constexpr", "floordiv", "floormod", "function", "inline", "jit", "macro",
    "max", "min", "prim_func", "truncmod", "void",
]
