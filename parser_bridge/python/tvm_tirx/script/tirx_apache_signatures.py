"""Apache TVM's older signatures of members that the reference's namespace has under other
signatures (issue 10, item 4), each read as the reference's form, so it builds the same IR and
prints in the reference's spelling:

- ``T.call_intrin("float32", "tirx.exp", x)``: the result type first (the reference's
  ``T.call_intrin("tirx.exp", x, ty=T.float32)``); likewise ``T.call_llvm_intrin`` and
  ``T.call_llvm_pure_intrin`` (``""`` is Apache TVM's void);
- ``T.ptr_byte_offset(p, n, "float16")``: the element type third, a pointer in ``p``'s scope;
- ``T.reinterpret("float32", x)``: the result type first (the reference's
  ``T.reinterpret(x, ty=T.float32)``);
- ``T.min_value("float32")``, ``T.max_value(...)``, ``T.infinity(...)``: the type positional;
- ``T.Call(op, args, ret_ty=...)``: Apache TVM's name of ``ty=``, and an op given by name;
- ``T.tvm_stack_alloca``, ``T.tvm_stack_make_shape``, ``T.tvm_stack_make_array``: Apache TVM's
  names of ``T.stack_alloca``, ``T.stack_make_shape``, ``T.stack_make_dltensor`` (same
  arguments, same order).

A call in the reference's form goes through unchanged; the wrapped members keep their
signatures (``functools.wraps``), which must equal the reference's (test_oracle_signatures.py).
``dtype=`` on intrinsics is tirx_apache_dtype.py's.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Dict, Optional

from .. import ir as _ir

_HANDLE = _ir.PointerType(_ir.PrimType("void"), "global")

STACK_ALIASES = {
    "tvm_stack_alloca": "stack_alloca",
    "tvm_stack_make_shape": "stack_make_shape",
    "tvm_stack_make_array": "stack_make_dltensor",
}
"""Apache TVM's names of the runtime builtins (its builtin.h), ours as values."""

OP_NAMES = {"tirx.tvm_static_handle": "tirx.static_handle",
            **{f"tirx.{apache}": f"tirx.{ours}" for apache, ours in STACK_ALIASES.items()}}
"""Apache TVM's op names of those builtins in ``T.call_intrin(dtype, name, ...)``."""


def _result_type(value: Any, handle: Any = None) -> Optional[Any]:
    """The type a dtype argument names (``""`` is void, as Apache TVM reads it; ``"handle"``
    is ``handle`` when given, the type ``T.handle`` reads back as), or None when ``value``
    names no type."""
    if isinstance(value, _ir.Type):
        return value
    if not isinstance(value, str):
        return None
    if value == "handle" and handle is not None:
        return handle
    try:
        return _ir.PrimType(value or "void")
    except (ValueError, TypeError, RuntimeError):
        return None


def _result_typed(name: str, example: str,
                  handle: Any = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``T.<name>(dtype, func_name, *args)`` read as ``T.<name>(func_name, *args, ty=dtype)``;
    without either a TypeError shows both forms (``example`` is the arguments after the
    type; ``handle`` the type of ``"handle"``, see ``_result_type``)."""
    def adapt(function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def member(*args: Any, **kwargs: Any) -> Any:
            if "ty" in kwargs or "dtype" in kwargs:
                return function(*args, **kwargs)
            if len(args) >= 2 and isinstance(args[1], (str, _ir.Op)):
                ty = _result_type(args[0], handle)
                if ty is not None:
                    return function(OP_NAMES.get(args[1], args[1]), *args[2:], ty=ty, **kwargs)
            raise TypeError(f"`T.{name}` needs the result type: write `T.{name}({example}, "
                            f"ty=T.float32)` (or Apache TVM's `T.{name}(\"float32\", "
                            f"{example})`)")
        return member
    return adapt


def _ptr_byte_offset(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def member(*args: Any, **kwargs: Any) -> Any:
        if len(args) == 3 and "ty" not in kwargs:
            data, byte_offset, dtype = args
            element = _result_type(dtype)
            if element is None:
                raise TypeError("`T.ptr_byte_offset(p, n, dtype)` takes the element type as a "
                                "dtype such as \"float16\" (or write `ty=T.Ptr(T.float16)`)")
            data_ty = getattr(data, "ty", None)
            scope = data_ty.scope if isinstance(data_ty, _ir.PointerType) else "global"
            return function(data, byte_offset, ty=_ir.PointerType(element, scope), **kwargs)
        return function(*args, **kwargs)
    return member


def _typed_constant(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``T.<name>("float32")`` read as ``T.<name>(ty="float32")``."""
    def adapt(function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def member(*args: Any, **kwargs: Any) -> Any:
            if not args:
                return function(**kwargs)
            if len(args) > 1 or "ty" in kwargs:
                raise TypeError(f"`T.{name}` takes one type: `T.{name}(ty=\"float32\")` (or "
                                f"Apache TVM's `T.{name}(\"float32\")`)")
            return function(ty=args[0], **kwargs)
        return member
    return adapt


def _type_first(function: Callable[..., Any]) -> Callable[..., Any]:
    """``T.reinterpret(dtype, value)`` read as ``T.reinterpret(value, ty=dtype)``; any other
    form goes through unchanged (and is checked there)."""
    @functools.wraps(function)
    def member(*args: Any, **kwargs: Any) -> Any:
        if len(args) == 2 and "ty" not in kwargs and "dtype" not in kwargs:
            ty = _result_type(args[0])
            if ty is not None:
                return function(args[1], ty=ty, **kwargs)
        return function(*args, **kwargs)
    return member


def apache_call(function: Callable[..., Any]) -> Callable[..., Any]:
    """``Call`` also taking Apache TVM's ``ret_ty=`` and an op by name (applied in ir.py, as
    ``T.Call`` is ``I.Call``)."""
    @functools.wraps(function)
    def member(op: Any, *args: Any, **kwargs: Any) -> Any:
        if "ret_ty" in kwargs:
            if "ty" in kwargs:
                raise TypeError("`T.Call` takes `ty=` or Apache TVM's `ret_ty=`, not both")
            ret_ty = kwargs.pop("ret_ty")
            ty = _result_type(ret_ty, _HANDLE)
            if ty is None:
                raise TypeError(f"`T.Call(..., ret_ty=...)` takes a type or a dtype such as "
                                f"\"int32\", got `{type(ret_ty).__name__}`; write `ty=T.int32`")
            kwargs["ty"] = ty
        if isinstance(op, str):
            op = _ir.Op.get(op)
        return function(op, *args, **kwargs)
    return member


ADAPTERS: Dict[str, Callable[[Callable[..., Any]], Callable[..., Any]]] = {
    "call_intrin": _result_typed("call_intrin", "\"tirx.exp\", x", _HANDLE),
    "call_llvm_intrin": _result_typed("call_llvm_intrin", "\"llvm.sqrt\", x"),
    "call_llvm_pure_intrin": _result_typed("call_llvm_pure_intrin", "\"llvm.sqrt\", x"),
    "ptr_byte_offset": _ptr_byte_offset,
    "reinterpret": _type_first,
    "min_value": _typed_constant("min_value"),
    "max_value": _typed_constant("max_value"),
    "infinity": _typed_constant("infinity"),
}
"""The members read in Apache TVM's older signature too, and the wrapper of each."""


__all__ = ["ADAPTERS", "STACK_ALIASES", "apache_call"]
