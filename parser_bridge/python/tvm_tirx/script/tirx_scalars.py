"""The scalar and handle types of ``T``: ``T.int32``, ``T.float16x4``, ``T.handle``.

A type annotates (``x: T.int32``), converts (``T.int32(x)``), makes constants (``T.int32(5)``)
and, called with nothing, declares a symbol (``n = T.int32()``, today's spelling of
``T.dynamic("n")``). Both spellings use them, so they live apart from tirx_legacy.py.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from tvm_ffi import get_global_func

from .. import Cast as _CastNode
from .. import ir as _ir
from . import tirx_builder as _tb
from .builder import Loc, NamedByBinding, span_of
from .recorded import NotAnalysedYet

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


__all__ = [
    "DeclarableHandle", "HandleType", "OPAQUE_HANDLE_TYPES", "ScalarType", "SymbolDeclaration",
    "typed_handle",
]
