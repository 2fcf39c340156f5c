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

from .. import (  # noqa: F401 - min, max and truncmod are T's
    Cast as _CastNode,
    Let as _LetNode,
    Select as _SelectNode,
    Shuffle as _ShuffleNode,
    max,
    min,
    truncmod,
)
from .. import ir as _ir
from .decorators import JITDecorator as _JITDecorator
from .ir_classes import CONSTRUCTORS as _CLASS_CONSTRUCTORS
from .ir_classes import TYPES as _CLASS_TYPES
# The IR classes the reference's T re-exports: I's (ir.py), and two constants I does not have.
from .ir import Func, FuncType, Missing, MissingType, Prim, PrimType, Ptr  # noqa: F401
from .ir import StringImm, Var  # noqa: F401
from .ir import DataTypeImm, GenericConst, MISSING, NoneType, Opaque, String  # noqa: F401
from .ir import StringType, TensorRegionType, Type, dtype  # noqa: F401
from .memory_scope import MemoryScope  # noqa: F401 - scopes by name (`T.MemoryScope("shared")`)
from .ir_classes import Bind, FloatImm, IntImm, TensorLoad  # noqa: F401
from .ir_classes import tuple_type as Tuple  # T's `Tuple` is the type; I's is the expression
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
    apache_function_,
    arg_,
    assert_,
    bind_,
    bind_many_,
    break_,
    constexpr,
    constexpr_,
    continue_,
    decl_scalar,
    decl_tensor,
    declare_mutable_,
    dtype_of as _dtype_of,
    dynamic,
    else_,
    eq_,
    evaluate,
    for_,
    LetAnnotation,
    ge_,
    gt_,
    func_attr,
    func_name_,
    func_ret_,
    function_,
    grid,
    header_symbol_,
    if_,
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
)
from .tirx_apache_dtype import accept_dtype as _accept_dtype
from .tirx_apache_signatures import ADAPTERS as _APACHE_ADAPTERS
from .tirx_apache_signatures import STACK_ALIASES as _STACK_ALIASES
from .tirx_protocol import (  # noqa: F401 - the reference's builder protocol, by name
    add_to_parent,
    emit,
    frame_scope,
    func_ret,
    supports_mutable_declarations,
    with_,
)
from .tirx_target import target  # noqa: F401 - T.target (compilation targets)
from .tirx_threads import env_thread, launch_thread  # noqa: F401 - thread launches
from .tirx_backends import backend_namespaces as _backend_namespaces
from .tirx_backends import top_level as _top_level_intrinsics
from .tirx_device import REGIONS as _DEVICE_REGIONS, SCOPE_IDS as _SCOPE_IDS
from .tirx_device import (  # noqa: F401 - device kernels: regions, scope ids (Apache TVM's)
    attr,  # the builder's, and Apache TVM's `T.attr({...})` of kernel attributes
    cluster_id,
    compute_scope,
    cta_id,
    cta_id_in_cluster,
    cta_id_in_pair,
    device_context,
    device_entry,
    device_scope,
    emit_,  # the builder's, and a bare scope id (`T.cta_id([1])`)
    hint,  # apache-tvm 0.27's directive, an attribute scope
    lane_id,
    parallel_launch,
    thread_id,
    thread_id_in_wg,
    warp_id,
    warp_id_in_wg,
    warpgroup_id,
)
from .tirx_layout import MEMBERS as _LAYOUT_MEMBERS, tensor_layout as _tensor_layout
from .tirx_layout import Axis, ComposeLayout, Iter, Layout, R, S, TileLayout  # noqa: F401
from .tirx_smem_pool import SMEMPool  # noqa: F401 - apache-tvm 0.27's shared-memory pool
from .tirx_nodes import MEMBERS as _NODE_MEMBERS
from .tirx_nodes import (  # noqa: F401 - the node classes as raw constructors (issue 10)
    EQ,
    GE,
    GT,
    LE,
    LT,
    NE,
    Add,
    And,
    BitwiseAnd,
    BitwiseNot,
    BitwiseOr,
    BitwiseXor,
    Div,
    FloorDiv,
    FloorMod,
    LShift,
    Max,
    Min,
    Mod,
    Mul,
    Not,
    Or,
    RShift,
    Sub,
)
# Modules whose hand-written intrinsic members (`@refines_intrinsic`) the registry's list takes.
from . import tirx_gpu as _tirx_gpu, tirx_masked as _tirx_masked  # noqa: F401
from . import tirx_memory as _tirx_memory, tirx_runtime as _tirx_runtime  # noqa: F401
from .tirx_gpu import MEMBERS as _GPU_MEMBERS
from .tirx_gpu import comm_reducer  # noqa: F401 - the combiner of `tvm_thread_allreduce`
from .tirx_intrinsics import intrinsic_members as _intrinsic_members
from .tirx_ops import MEMBERS as _OPS_MEMBERS
from .tirx_ops import if_then_else_  # noqa: F401 - the hook of `a if c else b`
from .tirx_ops import (  # noqa: F401 - the operators that are not intrinsics (issue 10)
    abs,
    bitwise_and,
    bitwise_not,
    bitwise_or,
    bitwise_xor,
    ceildiv,
    infinity,
    isfinite,
    isinf,
    logical_and,
    logical_not,
    logical_or,
    max_value,
    min_value,
    select,
    shift_left,
    shift_right,
    static_assert,
    truncdiv,
)
from .tirx_intrin import call_intrin  # noqa: F401 - an intrinsic by name
from .tirx_storage import MEMBERS as _STORAGE_MEMBERS
from .tirx_storage import assign, ptr, shared_scalar, smem, tensor_store  # noqa: F401 - storage
from .tirx_legacy import (  # noqa: F401 - today's spelling (docs/frontend.md)
    Broadcast,
    Buffer,
    Buffer as buffer,  # Apache TVM's lower-case spelling of the same declaration
    Ramp,
    alloc_buffer,
    bind,
    break_loop,
    broadcast,
    cast,
    continue_loop,
    decl_buffer,
    match_buffer,
    meta_var,
    operator_member as _operator_member,
    ramp,
    thread_binding,
)
from .tirx_scalars import HandleType as _HandleType, ScalarType as _ScalarType
from .tirx_tensor_type import (  # noqa: F401 - hooks of string extents in signatures
    quoted_symbols_,
    signature_dtypes_,
    signature_symbols_,
)
from .tirx_types import adopt_literal as _adopt, default_typed as _default_typed
from .tirx_types import same_typed_branches as _same_typed_branches
from .tirx_sblock import (  # noqa: F401 - S-TIR blocks in Apache TVM 0.27's spelling
    BLOCK_MEMBERS as _BLOCK_MEMBERS,
    axis,
    block,
    block_attr,
    init,
    reads,
    sblock,
    sblock_alloc_buffer,
    sblock_attr,
    where,
    writes,
)

_T = sys.modules[__name__]  # the namespace object its decorators build with

# Every registered intrinsic (core/tirx/src's IntrinsicSpec tables), read once from the op
# registry: `T.exp`, `T.call_extern`, `T.tvm_storage_sync`, ... (tirx_intrinsics.py).
_ALL_INTRINSICS = _intrinsic_members()
_INTRINSICS = {name: _ALL_INTRINSICS[name] for name in _top_level_intrinsics(_ALL_INTRINSICS)}
globals().update(_INTRINSICS)
# The device backends' namespaces of the dotted intrinsics (`T.cuda.cta_sync`, tirx_backends.py).
_BACKENDS = _backend_namespaces(_ALL_INTRINSICS)
globals().update(_BACKENDS)
_INTRINSIC_MEMBERS = tuple(name for name in _INTRINSICS if name not in _GPU_MEMBERS)

_floordiv = tvm_ffi.get_global_func("tirx.op.floordiv")
_floormod = tvm_ffi.get_global_func("tirx.op.floormod")

Op = _ir.Op
CallEffectKind = _ir.CallEffectKind
from .ir import Range  # noqa: E402 - T.Range is I.Range (bare literal bounds are int32)
# The module members the reference also spells under T: the same objects as I's.
from .ir import Call, ir_module, module_attrs, pyfunc  # noqa: E402,F401
from .ir import module_get_attr, module_global_infos, module_set_attr  # noqa: E402,F401
from .ir import AlreadyEmitted, IRBuilder, IRModuleFrame  # noqa: E402,F401
from .ir import decl_function, make_node, resolve_global_info_args  # noqa: E402,F401

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
    # The low-precision formats of DLPack 1.x (OCP FP8/MX, the fnuz variants, FP6, FP4).
    "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz",
    "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "float6_e2m3fn", "float6_e3m2fn",
    "float4_e2m1fn",
)
for _name in _SCALARS:
    globals()[_name] = (_HandleType(_ir.PrimType("void"), "global") if _name == "handle"
                        else _ScalarType(_name))
del _name

# The reference's short spellings of the common scalar types: the same objects.
_SHORT_SCALARS = {
    "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "u8": "uint8",
    "u16": "uint16", "u32": "uint32", "u64": "uint64", "f16": "float16", "f32": "float32",
    "f64": "float64", "bf16": "bfloat16", "boolean": "bool",
}
for _short, _name in _SHORT_SCALARS.items():
    globals()[_short] = globals()[_name]
del _short, _name

void = _ir.PrimType("void")
bool_ = globals()["bool"]


def __getattr__(name: str) -> Any:
    """Vector types such as ``T.float32x4`` on first use; other names may be operators."""
    base, sep, lanes = name.rpartition("x")
    if sep and base in _SCALARS and lanes.isdigit():
        ty = _ScalarType(name)
        globals()[name] = ty
        return ty
    return _operator_member(name)


def _tensor_alignment(align: Any, data_alignment: Any) -> int:
    """The data alignment in bytes of ``T.Tensor(align=...)`` / ``data_alignment=`` (one
    spelling, two names: they must agree when both are given); 0 or less is the default, 64."""
    for value in (align, data_alignment):
        if value is not None and (not isinstance(value, builtins.int)
                                  or isinstance(value, builtins.bool)):
            raise TypeError(f"`T.Tensor`: the alignment is an int (bytes), got "
                            f"`{type(value).__name__}`")
    if data_alignment is None:
        data_alignment = align
    elif align not in (0, data_alignment):
        raise ValueError(f"`T.Tensor`: `align={align}` and `data_alignment={data_alignment}` "
                         "must agree")
    return 64 if data_alignment <= 0 else data_alignment


def Tensor(shape: Sequence[Any], dtype: Any = "float32", scope: str = "global", align: int = 0,
           layout: Any = None, *, data: Any = None, loc: Any = None, data_alignment: Any = None,
           strides: Sequence[Any] = (), elem_offset: Any = None) -> Any:
    """``T.Tensor((n, 4), T.float32, scope="shared", data_alignment=16)``: a tensor type, with
    the reference's parameters: ``align`` is ``data_alignment`` (bytes; 0, the default, is 64);
    ``data=`` a pointer whose scope the tensor takes; ``layout=`` a ``T.TileLayout`` /
    ``T.ComposeLayout``, ``"default"`` for row-major memory, None for none. Ours also describes
    a strided tensor by ``strides=`` and ``elem_offset=``. Strings are not parsed as shapes."""
    if not isinstance(shape, (tuple, list)):
        raise TypeError(f"`T.Tensor` takes the shape as a tuple, got `{type(shape).__name__}`")
    for extent in (*shape, *strides):
        if isinstance(extent, str):
            raise TypeError(f"`T.Tensor` does not parse strings as shapes: got {extent!r}; "
                            "declare a symbol with `T.dynamic(...)` or a `def f[n]` header")
    layout = _tensor_layout("T.Tensor", layout, shape)
    if data is not None:
        pointer = data.ty if isinstance(data, _ir.Expr) else None
        if not isinstance(pointer, _ir.PointerType):
            raise TypeError("`T.Tensor(data=...)` takes a pointer expression, such as `A.data`")
        scope = pointer.scope
    return _ir.TensorType(_dtype_of(dtype), shape, strides, elem_offset, scope,
                          _tensor_alignment(align, data_alignment), layout)


# --- expressions ------------------------------------------------------------------------------

def Cast(ty: Any, value: Any) -> Any:
    """``T.Cast("int64", x)``: an explicit conversion (a Cast node even to the same type)."""
    ty = ty if isinstance(ty, _ir.PrimType) else _ir.PrimType(ty)
    return _CastNode(ty, _default_typed(value))


def Select(condition: Any, true_value: Any, false_value: Any) -> Any:
    """``T.Select(c, t, f)``: both branches evaluated, one chosen; a literal branch has its
    default type, and the branches must have one type."""
    if isinstance(condition, builtins.bool):
        condition = bool_(condition)
    true_value, false_value = _same_typed_branches("T.Select", true_value, false_value)
    return _SelectNode(condition, true_value, false_value)


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


def Let(expr: Any, where: Optional[dict] = None) -> Any:
    """``T.Let(expr, where={x: value})``: ``expr`` with ``x`` bound to ``value``."""
    if not isinstance(where, dict) or len(where) != 1:
        raise TypeError("`T.Let` takes `where={var: value}` with exactly one binding")
    ((var, value),) = where.items()
    return _LetNode(var, _adopt(value, var), expr)


# --- registration -----------------------------------------------------------------------------

__member_kinds__ = {
    "type": ("Tensor", "Tuple", *_CLASS_TYPES),
    "constructor": ("Broadcast", "Call", "CallEffectKind", "Cast", "Let", "MemoryScope", "Op",
                    "Ramp", "Range", "Select", "Shuffle", "ptr", "target", *_NODE_MEMBERS,
                    *_CLASS_CONSTRUCTORS, *_LAYOUT_MEMBERS),
    "statement": ("Bind", "add_to_parent", "alloc_local", "alloc_scalar", "alloc_shared",
                  "alloc_tensor", "attr", "decl_scalar", "decl_tensor", "emit", "evaluate", "hint",
                  "frame_scope", "func_attr", "func_ret", "launch_thread", "local_scalar",
                  "module_attrs", "module_global_infos", "module_set_attr", *_STORAGE_MEMBERS,
                  *_DEVICE_REGIONS),
    "function": ("make_node", "module_get_attr"),
    "loop": ("grid", "parallel", "serial", "thread_binding", "unroll", "vectorized"),
    "intrinsic": ("floordiv", "floormod", "max", "min", "truncmod", *_OPS_MEMBERS,
                  *_INTRINSIC_MEMBERS, "call_intrin"),
    "symbol": ("dynamic",),
    # The device backends' (`T.cuda`); one with no member built yet (`T.ptx`) is a placeholder.
    "namespace": tuple(name for name, backend in _BACKENDS.items() if dir(backend)),
    "marker": ("LetAnnotation", "MISSING", "constexpr", "let"),
    "legacy": ("Buffer", "alloc_buffer", "bind", "break_loop", "broadcast", "buffer", "cast",
               "continue_loop", "decl_buffer",
               "env_thread", "match_buffer", "meta_var", "prim_func", "ramp", *_GPU_MEMBERS,
               *_STACK_ALIASES, *_BLOCK_MEMBERS, *_SCOPE_IDS),
    # The reference's flag for its parser (read statically, never from a body), and the
    # builder's machinery for Python callers (ir.py).
    "internal": ("supports_mutable_declarations", "AlreadyEmitted", "IRBuilder",
                 "IRModuleFrame", "decl_function", "resolve_global_info_args"),
    "unsupported": tuple(name for name, backend in _BACKENDS.items() if not dir(backend)),
}
"""Member kinds for tools (protocol_registry.namespace_members); decorators, hooks (``*_``) and
types are recognized by their values."""
# apache-tvm 0.27's shared-memory pool (tirx_smem_pool.py) is a member of its spelling.
__member_kinds__["legacy"] += ("SMEMPool",)

__member_aliases__ = {
    "prim_func": "function",
    "Buffer": "Tensor",
    "buffer": "Tensor",
    "alloc_buffer": "alloc_tensor",
    "decl_buffer": "decl_tensor",
    "cast": "Cast",
    "bool_": "bool",
    "serial": "range",
    **_SHORT_SCALARS,
    **_STACK_ALIASES,
}
"""Spellings with a canonical counterpart: today's spelling (docs/frontend.md), and ``T.serial``,
which the printer writes as the builtin ``range``."""

# Apache TVM's `dtype=` on intrinsics: the result type of a call typed by hand, else checked
# against the deduced type (tirx_apache_dtype.py).
for _name in __member_kinds__["intrinsic"]:
    setattr(_T, _name, _accept_dtype(_name, getattr(_T, _name)))
# Apache TVM's older signatures, read as the reference's (tirx_apache_signatures.py), and its
# names of the runtime builtins.
for _name, _adapt in _APACHE_ADAPTERS.items():
    setattr(_T, _name, _adapt(getattr(_T, _name)))
for _name, _ours in _STACK_ALIASES.items():
    setattr(_T, _name, getattr(_T, _ours))
del _name, _adapt, _ours

_register_namespace("tirx", _T)
# Older Apache TVM releases import `T` as `tir`: the same namespace, whose canonical root stays
# `tirx` (registered first).
_register_namespace("tir", _T)
for _name in _SCALARS:
    _register_scalar_annotation(f"tirx.{_name}", _name)
del _name
_register_scalar_annotation("tirx.bool_", "bool")
for _short, _name in _SHORT_SCALARS.items():
    _register_scalar_annotation(f"tirx.{_short}", _name)
del _short, _name

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
for _name in _SHORT_SCALARS:  # `v: T.f16[8]`, `x: T.i32 = 0`: the same declarations
    _register_mutable_decl(f"tirx.{_name}", syntax="annotation")
del _name, _lanes
for _name in ("alloc_local", "alloc_scalar", "alloc_shared", "alloc_tensor", "decl_scalar",
              "local_scalar", "shared_scalar", "smem"):
    _register_mutable_decl(f"tirx.{_name}")
del _name


__all__ = [
    "Broadcast", "Call", "Cast", "Div", "Func", "Let", "Missing", "Op", "Ptr", "Ramp", "Range",
    "Select", "Shuffle", "Tensor", "constexpr", "floordiv", "floormod", "function", "inline",
    "ir_module", "jit", "macro", "max", "min", "module_attrs", "prim_func", "truncmod", "void",
]
