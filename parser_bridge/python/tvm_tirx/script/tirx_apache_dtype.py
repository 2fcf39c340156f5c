"""Apache TVM's ``dtype=`` keyword on intrinsics (``T.exp(x, dtype="float32")``,
``T.call_extern("f", x, dtype="void")``, ``T.if_then_else(c, a, b, dtype="float32")``).

Apache TVM's namespace treats it two ways, and so does ours:

- the calls whose result type is given, not deduced (``call_extern``, ``call_pure_extern``,
  ``call_llvm_intrin``, ``call_llvm_pure_intrin``, ``reinterpret``): ``dtype=`` is the result
  type, the reference's ``ty=``;
- every other intrinsic deduces its type from its operands and Apache TVM drops ``dtype=``:
  ours checks it instead. The same type is accepted (and dropped); another one is a TypeError
  naming both, as a silent difference would build another program than the text says.

The wrapped functions keep their own signatures (``functools.wraps``): ``dtype=`` is Apache
TVM's spelling, not a parameter of the reference's namespace.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from .. import ir as _ir

RESULT_TYPED = ("call_extern", "call_pure_extern", "call_llvm_intrin", "call_llvm_pure_intrin",
                "reinterpret")
"""Members whose ``dtype=`` is their result type (``ty=``)."""

OWN_PARAMETER = ("type_annotation",)
"""Members whose ``dtype`` is their own parameter (``T.type_annotation(dtype="float16")``)."""


def _dtype_name(dtype: Any) -> str:
    if isinstance(dtype, _ir.PrimType):
        return str(dtype.dtype)
    # Apache TVM reads the empty dtype name as void (no bits, no lanes), as `dtype="void"`.
    return "void" if dtype == "" else str(dtype)


def accept_dtype(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` also taking Apache TVM's ``dtype=`` (see the module docstring)."""
    if name in OWN_PARAMETER:
        return function
    if name in RESULT_TYPED:
        @functools.wraps(function)
        def result_typed(*args: Any, **kwargs: Any) -> Any:
            if "dtype" in kwargs:
                if "ty" in kwargs:
                    raise TypeError(f"`T.{name}` takes `ty=` or Apache TVM's `dtype=`, not both")
                dtype = kwargs.pop("dtype")
                kwargs["ty"] = _ir.PrimType(_dtype_name(dtype)) if isinstance(dtype, str) \
                    else dtype
            return function(*args, **kwargs)

        return result_typed

    @functools.wraps(function)
    def checked(*args: Any, **kwargs: Any) -> Any:
        if "dtype" not in kwargs:
            return function(*args, **kwargs)
        dtype = kwargs.pop("dtype")
        result = function(*args, **kwargs)
        ty = getattr(result, "ty", None)
        if isinstance(ty, _ir.PrimType) and str(ty.dtype) != _dtype_name(dtype):
            raise TypeError(f"`T.{name}(..., dtype=\"{_dtype_name(dtype)}\")`: the result has type "
                            f"`{ty.dtype}`, which `dtype=` does not change (Apache TVM ignores "
                            f"it); convert the result with `T.Cast(\"{_dtype_name(dtype)}\", "
                            "...)` or leave `dtype=` out")
        return result

    return checked


__all__ = ["OWN_PARAMETER", "RESULT_TYPED", "accept_dtype"]
