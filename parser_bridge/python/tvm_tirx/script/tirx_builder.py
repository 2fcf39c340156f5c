"""The TIRx construction hooks that builder programs call (``T.bind_``, ``T.for_``, ...).

Each hook is a thin adapter over the C++ builder (`tirx.builder.*`): it turns transpiler
locations into spans and handles what only Python sees (host values, tuples, ``range``). The
type rules and the frames live in C++ (core/tirx/src/builder/).
"""

from __future__ import annotations

import builtins
import operator
import typing
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

import tvm_ffi
from tvm_ffi import get_global_func, register_object

from .. import cast as _cast
from .. import IntImm as _IntImm
from .. import StringImm as _StringImm
from .. import TensorLoad as _TensorLoad
from .. import ir as _ir
from ..stmt import Evaluate, ForKind, Stmt
from .builder import AlreadyEmitted, Frame, Loc, NamedByBinding, ScopeSpec, enter_bare, in_frame
from .builder import span_of
from .findings import record_finding
from .recorded import NoEquivalentYet, NotAnalysedYet
from .tirx_layout import PLACEMENT_KEY, apache_layout, dtype_bits, placement_of, tensor_layout
from .tirx_threads import LaunchThreadSpec

_b = {name: get_global_func("tirx.builder." + name) for name in (
    "Function", "FuncName", "FuncAttrs", "FuncRet", "Arg", "Dynamic", "Emit", "Evaluate",
    "Bind", "SetItem", "For", "While", "If", "Then", "Else", "Attr", "Assert", "Break",
    "Continue", "Return", "AllocTensor", "DeclTensor", "FunctionNamespace", "FunctionApacheSpelling", "Load")}
_logical_and = get_global_func("tirx.op.logical_and")
_logical_or = get_global_func("tirx.op.logical_or")
_logical_not = get_global_func("tirx.op.logical_not")
_make_const = get_global_func("tirx.make_const")


@register_object("tirx.builder.ForFrame")
class ForFrame(Frame):
    """A loop frame: ``with`` gives its variable (a tuple for several loops)."""

    def __enter__(self) -> Any:  # type: ignore[override]
        Frame.__enter__(self)
        loop_vars = list(self.vars)
        return loop_vars[0] if len(loop_vars) == 1 else tuple(loop_vars)


@dataclass
class LoopSpec:
    """What ``range(...)``, ``T.serial(...)``, ``T.grid(...)`` ... describe: loops to open."""

    kind: ForKind
    starts: List[Any]
    ends: List[Any]
    steps: List[Any]
    thread_tag: str = ""
    annotations: Dict[str, Any] = field(default_factory=dict)


@dataclass
class PendingTensor:
    """``T.alloc_tensor(...)`` / ``T.decl_tensor(...)`` before the assignment names it."""

    ty: Any
    data: Any = None
    what: str = "alloc_tensor"
    """The member that made it, for messages."""
    attrs: Dict[str, Any] = field(default_factory=dict)
    """The allocation's annotations (``AllocTensor.attrs``)."""


@dataclass
class PendingScalar(PendingTensor):
    """``T.local_scalar(...)``, ``T.alloc_scalar(...)``, ``T.decl_scalar(...)``: a one-element
    tensor; the assignment names it and the name stands for its element 0."""

    init: Any = None


def _is_expr(value: Any) -> bool:
    return isinstance(value, _ir.Expr)


def _is_literal(value: Any) -> bool:
    return isinstance(value, (bool, int, float))


class LetAnnotation:
    """``T.let``: the annotation of a binding. ``x: T.let[T.int32] = v`` binds ``x`` (a ``Bind``)
    of that type, which ``v`` must have (a literal is converted); ``x: T.let = v`` of ``v``'s
    type, even when ``v`` is a variable (a bare ``x = v`` of a variable is an alias). The printer
    writes every binding as ``x: T.let[T.int32] = v``, as the reference does."""

    def __init__(self, type_spec: Any = None) -> None:
        self.ty = type_spec  # the bound type, None for `x: T.let = v`

    def __getitem__(self, ty: Any) -> "LetAnnotation":
        if self.ty is not None:
            raise TypeError(f"`{self!r}[...]`: `T.let` takes one type")
        if isinstance(ty, str) or not isinstance(ty, _ir.Type):
            shown = repr(ty) if isinstance(ty, (str, int, float)) else f"`{type(ty).__name__}`"
            raise TypeError(f"`T.let[...]` takes a type such as `T.int32`, got {shown}")
        return LetAnnotation(ty)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("`T.let(var, value)` scopes are not supported: write "
                        "`x: T.let[T.int32] = value` (or `x: T.let = value`)")

    def __repr__(self) -> str:
        return "T.let" if self.ty is None else f"T.let[{self.ty}]"


let = LetAnnotation()


class ArrayAnnotation:
    """``T.int32[4]`` (a dtype subscripted by a shape): annotates ``x: T.int32[4]``, which
    declares ``x`` a new thread-local tensor of that shape (``T.alloc_local((4,), T.int32)``),
    as the reference builds it."""

    def __init__(self, dtype: Any, shape: Tuple[Any, ...]) -> None:
        for extent in shape:
            if isinstance(extent, bool) or not isinstance(extent, (int, _ir.Expr)):
                raise TypeError(f"`T.{dtype.dtype}[...]` takes the shape of a local array, "
                                f"integers or expressions, got `{type(extent).__name__}`")
        self.dtype, self.shape = dtype, shape

    def __repr__(self) -> str:
        return f"T.{self.dtype.dtype}[{', '.join(str(e) for e in self.shape)}]"


def dtype_of(dtype: Any) -> Any:
    """A tensor's element type given as `T.float32` or as a string ("float32"). Apache TVM's
    scalable vector types (``"float32xvscalex4"``) are not analysed yet."""
    if isinstance(dtype, str) and "xvscalex" in dtype:
        raise NotAnalysedYet(f"Scalable vector types (`{dtype}`) are not analysed yet")
    return dtype.dtype if isinstance(dtype, _ir.PrimType) else tvm_ffi.dtype(dtype)


# The type classes an annotation may name bare (`s: T.String`): the reference instantiates them.
_BARE_TYPE_CLASSES = (_ir.Type, _ir.AnyType, _ir.NoneType, _ir.OpaqueType, _ir.StringType,
                      _ir.TensorRegionType)


def _as_type(annotation: Any) -> Any:
    if isinstance(annotation, str):
        return _ir.PrimType(annotation)
    if isinstance(annotation, type) and annotation in _BARE_TYPE_CLASSES:
        return annotation()
    return annotation


# --- functions --------------------------------------------------------------------------------

def function_(*, loc: Optional[Loc] = None, private: bool = False, decl: bool = False,
              s_tir: bool = False, **options: Any) -> Frame:
    """Opens a function frame; ``decl=True`` collects only the signature (module members);
    ``s_tir=True`` (``@T.prim_func(s_tir=True)``) records the attribute
    ``script.namespace = "s_tir"``."""
    if "persistent" in options:
        raise NoEquivalentYet("`persistent=` (Apache TVM's persistent kernels) has no "
                              "equivalent in TIRx functions")
    if options:
        raise TypeError(f"Unknown option(s) of `T.function`: {', '.join(sorted(options))}")
    frame = _b["Function"](bool(private), bool(decl), span_of(loc))
    if s_tir:
        _b["FunctionNamespace"](frame, "s_tir")
    return frame


def apache_function_() -> None:
    """The open function is written in Apache TVM's spelling (``@T.prim_func``; the parser
    calls this first in its frame): some calls read as apache-tvm 0.27 reads them."""
    _b["FunctionApacheSpelling"]()


def func_name_(name: str) -> None:
    _b["FuncName"](name)


def func_attr(attrs: Dict[str, Any]) -> None:
    """``T.func_attr({...})``: attributes of the enclosing function."""
    if not isinstance(attrs, dict):
        raise TypeError(f"`T.func_attr` takes a dict, got `{type(attrs).__name__}`")
    _b["FuncAttrs"](attrs)


def func_ret_(annotation: Any) -> None:
    _b["FuncRet"](_as_type(annotation))


def arg_(name: str, annotation: Any, *, loc: Optional[Loc] = None) -> Any:
    """A parameter: a Var of the annotated type, or the annotated symbol itself (``n: n``)."""
    if annotation is constexpr:
        raise TypeError(f"`{name}: T.constexpr` is a compile-time parameter: build the function "
                        f"with `@T.jit` and give its value (`.specialize({name}=...)` or "
                        f"`const_args={{\"{name}\": ...}}`)")
    annotation = _as_type(annotation)
    if isinstance(annotation, _ir.Var) and isinstance(annotation.ty, _ir.PointerType):
        annotation = annotation.ty  # `p: T.ptr("float32")`: a pointer parameter, as the reference
    if isinstance(annotation, typing.TypeVar):
        raise TypeError(f"The annotation of parameter `{name}` is a typing.TypeVar, which is not "
                        "a script symbol: declare symbols with `T.dynamic(...)` or a "
                        "`def f[n](...)` header")
    if not isinstance(annotation, (_ir.Type, _ir.Var)):
        raise TypeError(f"The annotation of parameter `{name}` must be a type (`T.int32`, "
                        f"`T.Tensor(...)`) or a symbol, got `{type(annotation).__name__}`")
    return _b["Arg"](name, annotation, span_of(loc))


def jit_arg_(const_args: Any, name: str, annotation: Any, *, loc: Optional[Loc] = None) -> Any:
    """A parameter under JIT construction (``annotation`` is a thunk of its annotation).

    Named in ``const_args``: not a parameter but the fixed value, bound under its name; an
    explicit None marks an absent optional argument and its annotation is not evaluated (other
    values' annotations are, so their errors still show). Otherwise an ordinary parameter,
    which a ``T.constexpr`` annotation forbids.
    """
    if name in const_args:
        value = const_args[name]
        if value is not None:
            annotation()
        return value
    ty = annotation()
    if ty is constexpr:
        raise TypeError(f"Compile-time parameter `{name}: T.constexpr` has no value: "
                        f"`const_args` must name it")
    return arg_(name, ty, loc=loc)


def constexpr(value: Any) -> typing.NoReturn:
    """``T.constexpr(value)`` (also ``I.constexpr``): the marker of host control flow (``if
    T.constexpr(flag):``, ``for k in T.constexpr(range(3)):``, ``while T.constexpr(c):``), which
    runs as Python while the IR is built; as a parameter annotation under ``@T.jit``, a
    parameter that ``const_args`` must give. In a script body ``X.constexpr(value)`` is the
    value, wherever it is (the parser's ``constexpr_`` hook); called from Python it raises
    TypeError, as the reference's marker does."""
    raise TypeError("`constexpr` is a parser syntax marker, not a runtime operation: write "
                    "`if T.constexpr(value):`, `for x in T.constexpr(values):` or "
                    "`while T.constexpr(value):`")


def constexpr_(marker: Any, value: Any) -> Any:
    """The value of ``X.constexpr(value)`` in a script body (the parser's hook):
    ``X.constexpr`` must be the marker, and the value known while the IR is built (an IR
    expression is rejected)."""
    if marker is not constexpr:
        raise TypeError("`X.constexpr(...)` in TVMScript must be the script namespace's marker "
                        "(`T.constexpr` or `I.constexpr`)")
    if _is_expr(value):
        raise TypeError(f"`T.constexpr` takes a value known while the IR is built, got the IR "
                        f"expression `{value}`; use an IR `if`/`for` for run-time control flow")
    return value


def dynamic(name: str, dtype: Any = "int32", *, loc: Optional[Loc] = None) -> Any:
    """``T.dynamic("n")``: a fresh symbolic integer variable (int32 unless told)."""
    if not isinstance(name, str):
        raise TypeError(f"A symbol's name must be a str, got `{type(name).__name__}`")
    if dtype is None or dtype is builtins.int:
        dtype = "int32"
    return _b["Dynamic"](name, _as_type(dtype), span_of(loc))


def header_symbol_(name: str, annotation: Any, *, loc: Optional[Loc] = None) -> Any:
    """A symbol of a ``def f[n, k: T.int64]`` header: int32 unless annotated."""
    return dynamic(name, annotation, loc=loc)


# --- statements -------------------------------------------------------------------------------

def emit_(value: Any, *, loc: Optional[Loc] = None) -> None:
    """An expression statement: a statement is added, an expression becomes ``T.evaluate``."""
    if value is None or isinstance(value, AlreadyEmitted):
        return
    if isinstance(value, (tuple, list)):
        for item in value:
            emit_(item, loc=loc)
        return
    if isinstance(value, PendingTensor):
        raise ValueError(f"`T.{value.what}` must be assigned to a name")
    if isinstance(value, NamedByBinding):
        name = value.statement_name()
        if name is None:
            raise value.unassigned_error()
        value.bind(name, loc=loc)
        return
    if isinstance(value, ScopeSpec):
        raise value.statement_error()
    if isinstance(value, LaunchThreadSpec):
        value = value.frame(None, loc)
    if isinstance(value, Frame):
        # Apache TVM's bare scope (`T.attr(...)`, `T.launch_thread(tx, 32)` as a statement):
        # open until the end of the enclosing block.
        enter_bare(value)
        return
    if _is_literal(value) or isinstance(value, str):
        raise TypeError(f"An expression statement of type `{type(value).__name__}` builds no IR; "
                        "use `T.evaluate(...)` to evaluate a constant")
    if isinstance(value, Evaluate) and isinstance(value.value, _IntImm) and value.value.value == 0:
        return  # `T.evaluate(0)` (any integer or bool zero) is a no-op: the reference drops it
    _b["Emit"](value, span_of(loc))


def evaluate(value: Any) -> Any:
    """``T.evaluate(v)``: a statement that evaluates ``v``. Inside a function it is added at
    once, as the reference adds it, and the receipt returned (so ``s = T.evaluate(v)`` emits
    too); outside any builder frame, the statement itself. A receipt (``T.evaluate(
    T.break_loop())``, as Apache TVM writes it) is the statement already added."""
    if isinstance(value, AlreadyEmitted):
        return value
    stmt = _b["Evaluate"](value, span_of(None))
    if not in_frame():
        return stmt
    emit_(stmt)
    return AlreadyEmitted(stmt)


def bind_(value: Any, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
          ty: Any = None) -> Any:
    """``name = value``: IR expressions and numbers bind a new variable (``Bind``), as a
    reassignment does; a variable (``alias = half``) is aliased: the name is that variable, as
    the reference builds it (``x: T.let = v`` binds even a variable); other values stay
    Python's. A NamedByBinding value (``n = T.int32()``) takes the name itself."""
    let_ty = ty.ty if isinstance(ty, LetAnnotation) else None
    if isinstance(ty, LetAnnotation):
        value = _value_of_python(value)
        if isinstance(value, (NamedByBinding, PendingTensor)) or not (
                _is_literal(value) or (_is_expr(value)
                                       and not isinstance(value.ty, _ir.TensorType))):
            shown = "a tensor" if _is_expr(value) else f"`{type(value).__name__}`"
            raise TypeError(f"`{name}: {ty!r}` binds a scalar expression, got {shown}")
        if isinstance(let_ty, _ir.PrimType) and _is_expr(value) and \
                isinstance(value.ty, _ir.PrimType) and value.ty.dtype != let_ty.dtype:
            raise TypeError(f"`{name}: {ty!r}` is bound to a value of type `{value.ty.dtype}`: "
                            "convert it with an explicit cast")
        ty = let_ty
    elif ty is None and isinstance(value, _ir.Var):
        return value
    if isinstance(value, NamedByBinding):
        return value.bind(name, loc=loc, name_loc=name_loc, ty=ty)
    if isinstance(value, LaunchThreadSpec):
        if ty is not None:
            raise TypeError(f"`{name}` is a thread index: its type is the extent's")
        # `tx = T.launch_thread("threadIdx.x", 32)` (Apache TVM): a launch open until the end
        # of the enclosing block, `tx` its index.
        return enter_bare(value.frame(name, loc, name_loc))
    if isinstance(value, _ir.TensorView):
        value = _view_declaration(value)
    if isinstance(value, PendingTensor):
        if ty is not None:
            raise TypeError(f"`{name}` is a tensor: its type comes from `ty_args`, not an "
                            "annotation")
        return _define_tensor(value, name, loc, name_loc)
    is_tensor = _is_expr(value) and isinstance(value.ty, _ir.TensorType)
    if (_is_expr(value) and not is_tensor) or _is_literal(value):
        ty = _as_type(ty)
        if ty is not None and not isinstance(ty, _ir.Type):
            raise TypeError(f"The annotation of `{name}` must be a type such as `T.int32`, got "
                            f"`{type(ty).__name__}`")
        return _b["Bind"](value, name, ty, span_of(loc), span_of(name_loc))
    if ty is not None:
        raise TypeError(f"`{name}: ...` annotates a value of type `{type(value).__name__}`; "
                        "only scalar expressions take an annotation")
    return value


def _define_tensor(pending: PendingTensor, name: str, loc: Optional[Loc],
                   name_loc: Optional[Loc]) -> Any:
    """The tensor variable of a pending allocation or declaration, emitted under ``name``; for
    a scalar, its element 0 (stored ``init`` first, when given)."""
    if pending.data is None:
        var = _b["AllocTensor"](name, pending.ty, pending.attrs, span_of(loc), span_of(name_loc))
    else:
        var = _b["DeclTensor"](name, pending.ty, pending.data, span_of(loc), span_of(name_loc))
    if not isinstance(pending, PendingScalar):
        return var
    cell = _b["Load"](var, [0])
    if pending.init is not None:
        store_mutable_(cell, pending.init, name=name, loc=loc)
    return cell


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()
"""The value of a declaration without one (``x: T.int32``)."""


def declare_mutable_(value: Any = MISSING, *, name: str, ty: Any = None,
                     loc: Optional[Loc] = None, name_loc: Optional[Loc] = None) -> Any:
    """A mutable declaration (transpile.py ``mutable_names``): ``x: T.int32 = v`` allocates a
    one-element local tensor ``x`` and stores ``v`` (when given) into it; ``x =
    T.local_scalar(...)`` (``alloc_scalar``, ``decl_scalar``) names the scalar it makes;
    ``X = T.alloc_tensor(...)`` (``alloc_shared``, ``alloc_local``) names the tensor. The name
    then stands for the scalar's element 0 (``x[0]``) or the tensor, and assignments of the
    name store into it (``store_mutable_``)."""
    if isinstance(ty, LetAnnotation):  # `x: T.let[...] = v` under another spelling
        if value is MISSING:
            raise ValueError(f"`{name}: T.let` needs a value")
        return bind_(value, name, loc=loc, name_loc=name_loc, ty=ty)
    if isinstance(value, NamedByBinding):  # `x: T.int32 = T.int32()`: its own error
        return value.bind(name, loc=loc, name_loc=name_loc, ty=ty)
    if isinstance(value, PendingTensor):
        if ty is not None:
            raise TypeError(f"`{name}` is declared by `T.{value.what}`, which gives its type; "
                            "it takes no annotation")
        return _define_tensor(value, name, loc, name_loc)
    if isinstance(ty, ArrayAnnotation):
        if value is not MISSING:
            raise TypeError(f"`{name}: {ty!r}` declares a local array, which takes no value: "
                            f"store its elements (`{name}[0] = v`)")
        return _define_tensor(alloc_local(ty.shape, ty.dtype), name, loc, name_loc)
    if ty is None:
        raise TypeError(f"`{name} = ...` declares mutable storage only with `T.local_scalar`, "
                        f"`T.alloc_scalar`, `T.decl_scalar` or a tensor allocation, got "
                        f"`{type(value).__name__}`")
    ty = _as_type(ty)
    dtype = ty.dtype if isinstance(ty, _ir.PrimType) else None
    if dtype is None or str(dtype) in ("handle", "void"):
        shown = str(dtype) if dtype is not None else type(ty).__name__
        raise TypeError(f"`{name}: ...` declares a mutable scalar, which needs a primitive type "
                        f"such as `T.int32`, got `{shown}`")
    pending = PendingScalar(_scalar_type(dtype, "local"), what="local_scalar",
                            init=None if value is MISSING else value)
    return _define_tensor(pending, name, loc, name_loc)


def store_mutable_(storage: Any, value: Any, *, name: str, loc: Optional[Loc] = None) -> None:
    """``x = value`` of mutable storage ``x`` (``declare_mutable_``): a store into element 0,
    converted to its type as any store is (``setitem_``), as the reference stores it."""
    if isinstance(storage, _TensorLoad):
        target, indices = storage.source, list(storage.indices)
    elif _is_expr(storage) and isinstance(storage.ty, _ir.TensorType) and \
            _is_one_element(storage.ty):
        target, indices = storage, [0]
    elif _is_expr(storage) and isinstance(storage.ty, _ir.TensorType):
        shape = ", ".join(str(e) for e in storage.ty.shape)
        raise TypeError(f"`{name} = value` stores into a mutable scalar, but `{name}` is a tensor "
                        f"of shape ({shape}{',' if len(storage.ty.shape) == 1 else ''}): store "
                        f"to its elements (`{name}[i] = value`)")
    else:
        raise TypeError(f"`{name} = value` stores into mutable storage, but `{name}` holds "
                        f"`{type(storage).__name__}`")
    # Converted to the element type as any store is (a float into an integer is a warning).
    setitem_(value=value, target=target, key=tuple(indices), loc=loc)


def _is_one_element(ty: Any) -> bool:
    shape = list(ty.shape)
    return len(shape) == 1 and isinstance(shape[0], _IntImm) and shape[0].value == 1


def _scalar_type(dtype: Any, scope: Any) -> Any:
    return _ir.TensorType(dtype, (1,), scope=scope)


def _scalar_dtype(dtype: Any, member: str) -> Any:
    """A scalar's dtype given as a str ("int32") or a type (`T.int32`)."""
    if not isinstance(dtype, (str, _ir.PrimType)):
        raise TypeError(f"`T.{member}` takes a dtype such as \"int32\" or `T.int32`, got "
                        f"`{type(dtype).__name__}`")
    try:
        dtype = dtype_of(dtype)
    except ValueError:
        raise ValueError(f"`T.{member}`: {dtype!r} is not a dtype (such as \"int32\")") from None
    if str(dtype) in ("handle", "void"):
        raise TypeError(f"`T.{member}` makes a scalar of a primitive type, got `{dtype}`")
    return dtype


def _scope_of(scope: Any, member: str) -> str:
    if not isinstance(scope, str) or not scope:
        raise TypeError(f"`T.{member}` takes the memory scope as a str such as \"local\", got "
                        f"{scope!r}")
    return scope


def _attrs(attrs: Any, member: str, keyword: str) -> Dict[str, Any]:
    if attrs is None:
        return {}
    if not isinstance(attrs, dict):
        raise TypeError(f"`T.{member}({keyword}=...)` takes a dict with str keys, got "
                        f"`{type(attrs).__name__}`")
    for key in attrs:
        if not isinstance(key, str):
            raise TypeError(f"`T.{member}({keyword}=...)` takes a dict with str keys, got the "
                            f"key {key!r}")
    return dict(attrs)


def _annotations(annotations: Any, member: str) -> Dict[str, Any]:
    """``annotations=`` of an allocation, as the reference stores them: a Python bool, int or
    float becomes a constant of type bool, int32 or float32; other values stay as given."""
    found = _attrs(annotations, member, "annotations")
    for key, value in found.items():
        if isinstance(value, bool):
            found[key] = _make_const(_ir.PrimType("bool"), value)
        elif isinstance(value, int):
            found[key] = _make_const(_ir.PrimType("int32"), value)
        elif isinstance(value, float):
            found[key] = _make_const(_ir.PrimType("float32"), value)
    return found


def local_scalar(dtype: str = "float32", init: Any = None, *, name: Optional[str] = None,
                 annotations: Optional[Dict[str, Any]] = None) -> PendingScalar:
    """``x = T.local_scalar("int32", 0)``: a mutable scalar, a one-element local tensor ``x``
    (``init`` stored into it when given). ``x`` then reads its element 0 and ``x = v`` stores
    into it. ``name`` is the reference's; the assigned name names the tensor."""
    if name is not None and not isinstance(name, str):
        raise TypeError(f"`T.local_scalar(name=...)` takes a str, got {name!r}")
    return PendingScalar(_scalar_type(_scalar_dtype(dtype, "local_scalar"), "local"),
                         what="local_scalar", attrs=_annotations(annotations, "local_scalar"),
                         init=init)


def alloc_scalar(dtype: str = "float32", scope: str = "global", *,
                 annotations: Optional[Dict[str, Any]] = None) -> PendingScalar:
    """``x = T.alloc_scalar("int32", "local")``: a mutable scalar, a one-element tensor in
    ``scope`` (global unless told). ``x`` reads its element 0 and ``x = v`` stores into it."""
    return PendingScalar(_scalar_type(_scalar_dtype(dtype, "alloc_scalar"),
                                      _scope_of(scope, "alloc_scalar")), what="alloc_scalar",
                         attrs=_annotations(annotations, "alloc_scalar"))


def decl_scalar(dtype: Any, data: Any, scope: Any, layout: Any = None, *,
                elem_offset: Any = None, byte_offset: Any = None) -> PendingScalar:
    """``x = T.decl_scalar("int32", p, "global")``: a mutable scalar viewing the memory at
    pointer ``p`` (a one-element ``T.decl_tensor``); ``layout`` is its tensor type's (the
    reference's). apache-tvm 0.27 takes the element's offset instead, in elements or bytes
    (``T.decl_scalar("uint32", p, "shared", elem_offset=4)``, positionally too)."""
    if not _is_expr(data):
        raise TypeError(f"`T.decl_scalar` takes a pointer expression as `data`, got "
                        f"`{type(data).__name__}`")
    if isinstance(layout, int) or _is_expr(layout):  # 0.27's fourth operand, `elem_offset`
        if elem_offset is not None:
            raise TypeError("`T.decl_scalar` got the element offset twice")
        layout, elem_offset = None, layout
    dtype = _scalar_dtype(dtype, "decl_scalar")
    if byte_offset is not None:
        if elem_offset is not None:
            raise ValueError("`T.decl_scalar`: elem_offset and byte_offset cannot be set at the "
                             "same time")
        elem_offset = byte_offset * 8 // dtype_bits(str(dtype))
    if isinstance(elem_offset, int) and not isinstance(elem_offset, bool) and elem_offset == 0:
        elem_offset = None  # a TIRx tensor's elem_offset is None for zero
    ty = _ir.TensorType(dtype, (1,), elem_offset=elem_offset,
                        scope=_scope_of(scope, "decl_scalar"),
                        layout=tensor_layout("T.decl_scalar", layout, (1,)))
    return PendingScalar(ty, data, "decl_scalar")


def _view_declaration(view: Any) -> PendingTensor:
    """``B = A.view(shape)``: ``T.decl_tensor`` of ``A``'s data with ``A``'s strides, offset,
    scope and alignment, as apache-tvm 0.27 re-declares a view, and the layout given (0.27's
    meaning: none when it is row-major)."""
    source = view.source.ty
    layout = apache_layout(f"{view.source.name}.view", view.layout, view.shape, source.scope)
    ty = _ir.TensorType(source.dtype, view.shape, list(source.strides), source.elem_offset,
                        source.scope, source.alignment, layout)
    return PendingTensor(ty, view.source.data, "decl_tensor")


def bind_many_(value: Any, names: Tuple[str, ...], *, loc: Optional[Loc] = None,
               name_locs: Tuple[Loc, ...] = ()) -> Tuple[Any, ...]:
    """``a, b = values``: each element bound like ``bind_``."""
    values = tuple(value)
    if len(values) != len(names):
        raise ValueError(f"Cannot unpack {len(values)} values into {len(names)} names")
    locs = name_locs or (None,) * len(names)
    return tuple(bind_(v, n, loc=loc, name_loc=nl) for v, n, nl in zip(values, names, locs))


def setitem_(*, value: Any, target: Any, key: Tuple[Any, ...], loc: Optional[Loc] = None,
             slices: Tuple[int, ...] = ()) -> None:
    """``target[key] = value``; the entries at ``slices`` are a slice's (start, stop, step). A
    value of another type is converted to the element type (docs/ir-typing.md, "Stores"); a
    float stored into integer elements is also reported as a ``lossy-store`` warning, as the
    reference warns of it."""
    indices = [_ir.slice_index(*k) if n in slices else k for n, k in enumerate(key)]
    _b["SetItem"](target, indices, value, span_of(loc))
    lossy = _lossy_store(target, value)
    if lossy is not None:
        record_finding("lossy-store", lossy, loc)


_FLOAT_KINDS = ("float", "bfloat")
_INTEGER_KINDS = ("int", "uint", "bool")


def _lossy_store(target: Any, value: Any) -> Optional[str]:
    """The warning for a float value stored into integer elements (converted by a T.Cast that
    drops the fraction), or None."""
    if isinstance(value, builtins.float):
        stored = "float32"
    elif isinstance(value, _ir.Expr) and isinstance(value.ty, _ir.PrimType):
        stored = str(value.ty.dtype)
    else:
        return None
    element = str(getattr(target.ty, "dtype", ""))
    if not (stored.startswith(_FLOAT_KINDS) and element.startswith(_INTEGER_KINDS)):
        return None
    return (f"A `{stored}` value is stored into `{element}` elements: it is converted with "
            f"`T.Cast(\"{element}\", ...)`, which drops the fraction; write the cast to say so")


def _assert_message(message: Any) -> Tuple[str, List[str]]:
    """The error kind and message parts of ``"text"`` (a RuntimeError of one part) or of the
    reference's form ``("TypeError", ["part", ...])`` (any kind, any number of parts; a str in
    place of the list is one part, as the reference reads it)."""
    if isinstance(message, str):
        return "RuntimeError", [message]
    form = '`"message"` or `("RuntimeError", ["message"])`'
    if not (isinstance(message, tuple) and len(message) == 2 and isinstance(message[0], str)
            and isinstance(message[1], (list, str))):
        raise TypeError(f"An assert message must be {form}, got `{type(message).__name__}`")
    kind, parts = message
    parts = [parts] if isinstance(parts, str) else parts
    for part in parts:
        if not isinstance(part, str):
            raise TypeError(f"An assert message part must be a str, got `{type(part).__name__}`")
    return kind, list(parts)


def assert_(condition: Any, message: Any, *, loc: Optional[Loc] = None) -> None:
    kind, parts = _assert_message(message)
    _b["Assert"](condition, kind, parts, span_of(loc))


def _value_of_python(value: Any) -> Any:
    """A returned or let-bound Python value as the reference builds it: a tuple ``(a, b)`` is
    an ``ir.Tuple`` (of a ``T.Tuple(...)`` type), a str a ``StringImm`` (a ``T.String()``)."""
    if isinstance(value, tuple):
        return _ir.Tuple(list(value))
    if isinstance(value, str):
        return _StringImm(value)
    return value


def return_(value: Any, *, loc: Optional[Loc] = None) -> None:
    """``return v``; ``return a, b`` returns the tuple ``(a, b)``, ``return "s"`` a string."""
    _b["Return"](_value_of_python(value), span_of(loc))


def break_(*, loc: Optional[Loc] = None) -> None:
    _b["Break"](span_of(loc))


def continue_(*, loc: Optional[Loc] = None) -> None:
    _b["Continue"](span_of(loc))


def alloc_tensor(placement: Any = None, *, ty_args: Sequence[Any],
                 attrs: Optional[Dict[str, Any]] = None,
                 annotations: Optional[Dict[str, Any]] = None, loc: Any = None,
                 ty: Any = None) -> PendingTensor:
    """``X = T.alloc_tensor(ty_args=[T.Tensor(...)])``: a new tensor for the rest of the body.
    ``attrs`` annotate the allocation as given, ``annotations`` with Python numbers made IR
    constants (the printer writes both as ``attrs=``). ``placement`` is the allocated address
    (an int or a tuple of ints, per memory dimension), which ``annotations`` may give too as
    ``tensor_allocated_addr`` (the reference reads it so; tirx_layout.PLACEMENT_KEY). ``ty`` is
    the reference's and must be None; ``loc`` is accepted (the parser gives spans)."""
    if ty is not None:
        raise TypeError("`T.alloc_tensor(ty=...)`: the tensor's type is `ty_args`")
    found = _attrs(attrs, "alloc_tensor", "attrs")
    given = _annotations(annotations, "alloc_tensor")
    if annotations is not None and PLACEMENT_KEY in given:
        if placement is not None:
            raise ValueError("Allocation placement was specified twice")
        placement = given.pop(PLACEMENT_KEY)
    for key, value in given.items():
        if key in found:
            raise ValueError(f"`T.alloc_tensor`: `{key}` is in both `attrs` and `annotations`")
        found[key] = value
    if placement is not None:
        found[PLACEMENT_KEY] = placement_of(placement, "T.alloc_tensor")
    return PendingTensor(single_type(ty_args, "alloc_tensor"), attrs=found)


def alloc_in_scope(default_scope: str, member: str) -> Any:
    def alloc(shape: Sequence[Any], dtype: Any = "float32", data: Any = None, *,
              scope: str = default_scope, align: int = -1, layout: Any = MISSING,
              allocated_addr: Any = None,
              annotations: Optional[Dict[str, Any]] = None) -> PendingTensor:
        if data is not None:
            raise NotAnalysedYet(f"`T.{member}(data=...)`: a tensor over given memory is "
                                 "`T.decl_tensor`")
        if allocated_addr is not None:
            raise ValueError(f"`T.{member}`: scope {scope!r} does not support allocation "
                             "placement (`allocated_addr`)")
        if not isinstance(align, int) or isinstance(align, bool) or align == 0 or align < -1:
            raise ValueError(f"`T.{member}(align=...)` takes a positive alignment in bytes, or "
                             f"-1 for the default, got {align!r}")
        if (isinstance(shape, int) and not isinstance(shape, bool)) or _is_expr(shape):
            shape = (shape,)  # Apache TVM's `T.alloc_local(8, "float32")`: one dimension
        if not isinstance(shape, (tuple, list)):
            raise TypeError(f"`T.{member}` takes the shape as a tuple, got "
                            f"`{type(shape).__name__}`")
        layout = tensor_layout(f"T.{member}", None if layout is MISSING else layout, shape)
        ty = _ir.TensorType(dtype_of(dtype), shape, scope=_scope_of(scope, member),
                            alignment=64 if align == -1 else align, layout=layout)
        return PendingTensor(ty, what=member, attrs=_annotations(annotations, member))

    alloc.__name__ = alloc.__qualname__ = member
    return alloc


alloc_shared = alloc_in_scope("shared", "alloc_shared")
alloc_shared.__doc__ = """``X = T.alloc_shared((n, 4), "float32")``: a new tensor in shared memory
(``T.alloc_tensor`` of ``T.Tensor(shape, dtype, scope="shared")``); ``align`` is its alignment in
bytes (-1: the default), ``annotations`` annotate the allocation, ``layout`` is the tensor type's
(``T.Tensor``). ``data`` and ``allocated_addr`` are the reference's and must be left out."""

alloc_local = alloc_in_scope("local", "alloc_local")
alloc_local.__doc__ = """``X = T.alloc_local((4,), "float32")``: a new thread-local tensor
(``T.alloc_tensor`` of ``T.Tensor(shape, dtype, scope="local")``); the options are
``T.alloc_shared``'s."""


def decl_tensor(data: Any, *, ty_args: Sequence[Any]) -> PendingTensor:
    """``X = T.decl_tensor(data, ty_args=[T.Tensor(...)])``: a tensor view of ``data``."""
    return PendingTensor(single_type(ty_args, "decl_tensor"), data, "decl_tensor")


def single_type(ty_args: Sequence[Any], what: str) -> Any:
    """The one tensor type of ``ty_args=[T.Tensor(...)]`` (the canonical spelling of what a
    declaration makes)."""
    if not isinstance(ty_args, (list, tuple)) or len(ty_args) != 1 or \
            not isinstance(ty_args[0], _ir.TensorType):
        raise TypeError(f"`T.{what}` takes `ty_args=[T.Tensor(...)]` with one tensor type")
    return ty_args[0]


# --- frames -----------------------------------------------------------------------------------

def for_(spec: Any, *, names: Tuple[str, ...], loc: Optional[Loc] = None,
         name_locs: Tuple[Loc, ...] = ()) -> Frame:
    """``for names in spec:``: the loop frame of a LoopSpec."""
    if not isinstance(spec, LoopSpec):
        raise TypeError(f"TVMScript cannot loop over `{type(spec).__name__}`: use `range(...)`, "
                        "`T.serial(...)`, `T.parallel(...)`, `T.grid(...)` ...")
    if len(names) == 1 and len(spec.ends) > 1:
        # `for iters in T.grid(16, 16):` (Apache TVM): one name for the tuple of the loops'
        # variables, which are `iters_0`, `iters_1`...; the name's span marks the first.
        names = tuple(f"{names[0]}_{k}" for k in range(len(spec.ends)))
        name_locs = tuple(name_locs[:1]) + (None,) * (len(spec.ends) - len(name_locs[:1]))
    if len(names) != len(spec.ends):
        raise ValueError(f"The loop opens {len(spec.ends)} loop(s) but names {len(names)} "
                         "variable(s)")
    return _b["For"](list(names), [span_of(nl) for nl in name_locs], spec.starts, spec.ends,
                     spec.steps, int(spec.kind), spec.thread_tag, spec.annotations, span_of(loc))


def range_(range_function: Any, *args: Any, **kwargs: Any) -> Any:
    """``range(...)`` in a loop header: a serial loop when ``range`` is the builtin."""
    if range_function is not builtins.range:
        return range_function(*args, **kwargs)
    annotations = kwargs.pop("annotations", None)
    if kwargs:  # the reference takes `annotations=` in a loop header's range, as T.serial does
        raise TypeError(f"range() takes no keyword arguments but `annotations=`, got "
                        f"`{next(iter(kwargs))}=`")
    if not 1 <= len(args) <= 3:
        raise TypeError(f"range expected 1 to 3 arguments, got {len(args)}")
    start, stop, step = (args[0], None, 1) if len(args) == 1 else (*args, 1)[:3]
    return serial(start, stop, annotations=annotations, step=step)


def _loop_bounds(dtype: Any, bounds: Sequence[Any]) -> List[Any]:
    """A loop's bounds in the type ``dtype=`` gives (None: as written): "int32" or "uint32",
    as the reference allows; a literal becomes a constant of it, an expression of another
    type is cast to it (as the reference builds it)."""
    if dtype is None:
        return list(bounds)
    name = str(dtype.dtype if isinstance(dtype, _ir.PrimType) else dtype)
    if name not in ("int32", "uint32"):
        raise ValueError(f"A loop's `dtype=` is \"int32\" or \"uint32\", got {name!r}; an int64 "
                         "loop takes its type from int64 bounds (`range(T.int64(0), n)`)")
    ty = _ir.PrimType(name)
    typed = []
    for bound in bounds:
        if _is_literal(bound) and not isinstance(bound, bool) and name != "int32":
            bound = _make_const(ty, bound)
        elif _is_expr(bound) and isinstance(bound.ty, _ir.PrimType) and bound.ty.dtype != name:
            bound = _cast(name, bound)
        typed.append(bound)
    return typed


def _loop(kind: ForKind, start: Any, stop: Any, step: Any, thread: str,
          annotations: Optional[Dict[str, Any]], dtype: Any = None) -> LoopSpec:
    if stop is None:
        start, stop = 0, start
    if annotations is not None and not isinstance(annotations, dict):
        raise TypeError("Loop annotations must be a dict")
    start, stop, step = _loop_bounds(dtype, (start, stop, step))
    return LoopSpec(kind, [start], [stop], [step], thread, dict(annotations or {}))


def _unroll_annotations(unroll: Any, annotations: Optional[Dict[str, Any]]) -> Any:
    """``T.serial(..., unroll=...)`` as the reference builds it: ``True`` annotates the loop
    ``{"tirx.pragma_unroll": True}``, ``False`` ``{"tirx.disable_unroll": True}``, a positive
    int ``N`` ``{"tirx.pragma_unroll": N}`` (beside any ``annotations=``)."""
    if unroll is None:
        return annotations
    if isinstance(unroll, bool):
        key, value = ("tirx.pragma_unroll", True) if unroll else ("tirx.disable_unroll", True)
    elif isinstance(unroll, int):
        if unroll < 1:
            raise ValueError(f"`unroll=` takes a bool or a positive int, got {unroll}")
        key, value = "tirx.pragma_unroll", unroll
    else:
        raise TypeError(f"`unroll=` takes a bool or a positive int, got "
                        f"`{type(unroll).__name__}`")
    if annotations is not None and not isinstance(annotations, dict):
        raise TypeError("Loop annotations must be a dict")
    return {**(annotations or {}), key: value}


def serial(start: Any, stop: Any = None, *, annotations: Optional[Dict[str, Any]] = None,
           step: Any = 1, unroll: Any = None, dtype: Any = None) -> LoopSpec:
    """``T.serial(n)`` / ``T.serial(a, b, step=s)``: a serial loop; ``dtype="uint32"`` types
    its variable and bounds; ``unroll=True``/``False``/``N`` asks the code generator to unroll
    it (or not), as the annotation ``tirx.pragma_unroll`` / ``tirx.disable_unroll``."""
    annotations = _unroll_annotations(unroll, annotations)
    return _loop(ForKind.SERIAL, start, stop, step, "", annotations, dtype)


def parallel(start: Any, stop: Any = None, *, annotations: Optional[Dict[str, Any]] = None,
             step: Any = 1, dtype: Any = None) -> LoopSpec:
    """``T.parallel(a, b)``: a loop whose iterations may run in parallel threads."""
    return _loop(ForKind.PARALLEL, start, stop, step, "", annotations, dtype)


def vectorized(start: Any, stop: Any = None, *, annotations: Optional[Dict[str, Any]] = None,
               step: Any = 1, dtype: Any = None) -> LoopSpec:
    """``T.vectorized(a, b)``: a loop to be turned into vector operations of its extent."""
    return _loop(ForKind.VECTORIZED, start, stop, step, "", annotations, dtype)


def unroll(start: Any, stop: Any = None, *, annotations: Optional[Dict[str, Any]] = None,
           step: Any = 1, dtype: Any = None) -> LoopSpec:
    """``T.unroll(a, b)``: a loop to be unrolled completely."""
    return _loop(ForKind.UNROLLED, start, stop, step, "", annotations, dtype)


def thread_binding(start: Any, stop: Any = None, step: Any = 1, *, thread: str,
                   annotations: Optional[Dict[str, Any]] = None,
                   dtype: Any = None) -> LoopSpec:
    """``T.thread_binding(n, thread="threadIdx.x")``: a loop bound to a GPU thread axis."""
    if not isinstance(thread, str) or not thread:
        raise TypeError("`T.thread_binding` needs `thread=\"...\"` naming the thread axis")
    return _loop(ForKind.THREAD_BINDING, start, stop, step, thread, annotations, dtype)


def grid(*extents: Any, dtype: Any = None) -> LoopSpec:
    """``for i, j in T.grid(4, n)``: nested serial loops, one per extent; an extent ``(a, k)``
    is the loop ``range(a, a + k)`` (start and extent, as the reference reads it)."""
    if not extents:
        raise TypeError("`T.grid` needs at least one extent")
    starts, stops = [], []
    for extent in extents:
        if isinstance(extent, tuple):
            if len(extent) != 2:
                raise TypeError(f"A `T.grid` range is `(start, extent)`, got {len(extent)} values")
            starts.append(extent[0])
            stops.append(extent[0] + extent[1])
        else:
            starts.append(0)
            stops.append(extent)
    n = len(extents)
    return LoopSpec(ForKind.SERIAL, _loop_bounds(dtype, starts), _loop_bounds(dtype, stops),
                    _loop_bounds(dtype, [1] * n))


def while_(condition: Any, *, loc: Optional[Loc] = None) -> Frame:
    return _b["While"](condition, span_of(loc))


def if_(condition: Any, *, loc: Optional[Loc] = None) -> Frame:
    return _b["If"](condition, span_of(loc))


def then_(*, loc: Optional[Loc] = None) -> Frame:
    return _b["Then"](span_of(loc))


def else_(*, loc: Optional[Loc] = None) -> Frame:
    return _b["Else"](span_of(loc))


def attr(node: Any, attr_key: Any = None, value: Any = None) -> Frame:
    """``with T.attr(node, "key", value):``: an attribute scope over the body. An integer node
    is an int32 constant, as the value is (and as ``T.int32(1)`` is), so the print, which
    writes either as ``1``, reads back as the same IR. Apache TVM 0.27's ``T.attr({...})`` is
    tirx_device.attr's."""
    if attr_key is None or value is None:
        raise TypeError("`T.attr` takes a node, a key and a value: `T.attr(node, \"key\", "
                        "value)`")
    if isinstance(node, int) and not isinstance(node, bool):
        node = _make_const(_ir.PrimType("int32"), node)
    return _b["Attr"](node, attr_key, value, span_of(None))


# --- expression hooks -------------------------------------------------------------------------

def and_(a: Any, b: Any) -> Any:
    if _is_expr(a) or _is_expr(b):
        return _logical_and(a, b)
    return a and b


def or_(a: Any, b: Any) -> Any:
    if _is_expr(a) or _is_expr(b):
        return _logical_or(a, b)
    return a or b


def not_(a: Any) -> Any:
    return _logical_not(a) if _is_expr(a) else not a


def _comparison(ir_builder: Any, python_op: Any) -> Any:
    """A comparison hook: the IR node in operand order when an operand is IR, else Python's."""

    def compare(a: Any, b: Any) -> Any:
        if _is_expr(a) or _is_expr(b):
            return ir_builder(a, b)
        return python_op(a, b)

    return compare


eq_ = _comparison(get_global_func("tirx.op.equal"), operator.eq)
ne_ = _comparison(get_global_func("tirx.op.not_equal"), operator.ne)
lt_ = _comparison(get_global_func("tirx.op.less"), operator.lt)
le_ = _comparison(get_global_func("tirx.op.less_equal"), operator.le)
gt_ = _comparison(get_global_func("tirx.op.greater"), operator.gt)
ge_ = _comparison(get_global_func("tirx.op.greater_equal"), operator.ge)
