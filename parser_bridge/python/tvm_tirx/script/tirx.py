"""The TIRx script namespace, imported as ``T``: ``from tvm_tirx.script import tirx as T``.

Members are what printed TVMScript uses (docs/printer.md's canonical form): decorators, types,
loops, statements and expression constructors, plus the construction hooks (names ending in
``_``) that builder programs call. Today's spelling (``T.prim_func``, ``T.Buffer``, ...) maps
onto the same members (docs/frontend.md).
"""

from __future__ import annotations

import builtins
from typing import Any, Optional, Sequence

import tvm_ffi

from .. import (
    Cast as _CastNode,
    Div,
    Let as _LetNode,
    Select as _SelectNode,
    Shuffle as _ShuffleNode,
    max,
    min,
    truncmod,
)
from .. import ir as _ir
from .. import exp, exp2, log, log2, log10, sqrt, rsqrt, tanh, sigmoid  # noqa: F401
from .. import sin, cos, tan, erf, fabs, floor, ceil, round, trunc, pow, fmod  # noqa: F401
from .decorators import JITDecorator, MacroDecorator, ScriptDecorator
from .tirx_builder import (  # noqa: F401 - the namespace's construction hooks
    ALREADY_EMITTED,
    LoopSpec,
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
    decl_tensor,
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
    lt_,
    ne_,
    not_,
    or_,
    parallel,
    range_,
    return_,
    serial,
    setitem_,
    then_,
    unroll,
    vectorized,
    while_,
    with_,
)
from .tirx_legacy import (  # noqa: F401 - today's spelling (docs/frontend.md)
    Broadcast,
    Buffer,
    Ramp,
    ScalarType,
    adopt_literal as _adopt,
    alloc_buffer,
    axis,
    block,
    block_attr,
    cast,
    decl_buffer,
    default_typed as _default_typed,
    init,
    let,
    match_buffer,
    operator_member,
    prim_func,
    reads,
    sblock,
    sblock_attr,
    thread_binding,
    where,
    writes,
)

NAMESPACE_PATH = "tirx"

_floordiv = tvm_ffi.get_global_func("tirx.op.floordiv")
_floormod = tvm_ffi.get_global_func("tirx.op.floormod")

Op = _ir.Op
Range = _ir.Range

function = ScriptDecorator(NAMESPACE_PATH, "function")
"""``@T.function`` / ``@T.function(private=True, check_well_formed=False)``."""

jit = JITDecorator(NAMESPACE_PATH, "jit")
"""``@T.jit``: a JITFunction whose ``.specialize(**const_args)`` builds a Function;
``@T.jit(const_args={...})`` builds it at once (docs/frontend.md)."""

macro = MacroDecorator(NAMESPACE_PATH, "macro")
"""``@T.macro`` / ``@T.macro(hygienic=False)``: a body that builds IR where it is called."""

inline = MacroDecorator(NAMESPACE_PATH, "inline", late_binding=True)
"""``@T.inline``: a macro whose captured values are read again at every call."""

# --- types ------------------------------------------------------------------------------------

_SCALARS = (
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "bfloat16", "bool", "handle",
)
for _name in _SCALARS:
    globals()[_name] = ScalarType(_name)
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
    return operator_member(name)


def _dtype(dtype: Any) -> Any:
    return dtype.dtype if isinstance(dtype, _ir.PrimType) else tvm_ffi.dtype(dtype)


def Tensor(shape: Sequence[Any], dtype: Any = "float32", *, strides: Sequence[Any] = (),
           elem_offset: Any = None, scope: str = "global", alignment: int = 64) -> Any:
    """``T.Tensor((n, 4), T.float32, ...)``: a tensor type. Strings are not parsed as shapes."""
    if not isinstance(shape, (tuple, list)):
        raise TypeError(f"`T.Tensor` takes the shape as a tuple, got `{type(shape).__name__}`")
    for extent in (*shape, *strides):
        if isinstance(extent, str):
            raise TypeError(f"`T.Tensor` does not parse strings as shapes: got {extent!r}; "
                            "declare a symbol with `T.dynamic(...)` or a `def f[n]` header")
    return _ir.TensorType(_dtype(dtype), shape, strides, elem_offset, scope, alignment)


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


__all__ = [
    "Broadcast", "Cast", "Div", "Func", "Let", "Missing", "Op", "Ptr", "Ramp", "Range", "Select",
    "Shuffle", "Tensor", "constexpr", "floordiv", "floormod", "function", "inline", "jit", "macro",
    "max", "min", "truncmod", "void",
]
