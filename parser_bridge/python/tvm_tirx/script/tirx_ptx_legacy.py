"""``T.ptx_legacy``: Apache TVM's older tensor-core calls (issue 23, item 2), which its
schedules' prints and tests still write.

``T.ptx_legacy.mma(shape, a_layout, b_layout, a_dtype, b_dtype, c_dtype, a_ptr, a_offset,
b_ptr, b_offset, acc_ptr, c_offset, saturate, operator=None)`` and ``T.ptx_legacy.ldmatrix(trans,
num, dtype, local_ptr, local_offset, smem_ptr, smem_offset)`` are the intrinsics
``tirx.ptx_legacy.*`` (core/tirx/src/cuda_library_intrinsics.cc), untyped unless ``ty=`` gives
the call's type, as the reference builds them. Apache TVM 0.27's spellings read too: its
``dtype=`` of ``mma`` is dropped (0.27 drops it), and ``ldmatrix``'s element type, which 0.27
takes as ``dtype=`` and prints as a leading positional
(``T.ptx_legacy.ldmatrix("float16", T.bool(False), 4, ".b16", ...)``), is the call's type.
"""

from __future__ import annotations

from typing import Any, Callable

from .tirx_intrinsics import intrinsic_call, refines_intrinsic_as

LDMATRIX_OPERANDS = 7
"""``ldmatrix``'s operands; one more positional before them is 0.27's element type."""


def _refines(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return refines_intrinsic_as(f"ptx_legacy.{name}")


@_refines("mma")
def _mma(shape: Any, a_layout: Any, b_layout: Any, a_dtype: Any, b_dtype: Any, c_dtype: Any,
         a_ptr: Any, a_offset: Any, b_ptr: Any, b_offset: Any, acc_ptr: Any, c_offset: Any,
         saturate: Any, operator: Any = None, *, ty: Any = None, dtype: Any = None) -> Any:
    """``T.ptx_legacy.mma(shape, a_layout, b_layout, a_dtype, b_dtype, c_dtype, a_ptr,
    a_offset, b_ptr, b_offset, acc_ptr, c_offset, saturate, operator=None)``: a warp's matrix
    multiply-accumulate, the accumulator its destination (untyped unless ``ty=``; Apache TVM's
    ``dtype=`` is dropped, as it drops it)."""
    args = [shape, a_layout, b_layout, a_dtype, b_dtype, c_dtype, a_ptr, a_offset, b_ptr,
            b_offset, acc_ptr, c_offset, saturate]
    if operator is not None:
        args.append(operator)
    return intrinsic_call("ptx_legacy.mma", args, ty)


@_refines("ldmatrix")
def _ldmatrix(trans: Any, num: Any, dtype: Any, local_ptr: Any, local_offset: Any,
              smem_ptr: Any, smem_offset: Any, *, ty: Any = None) -> Any:
    """``T.ptx_legacy.ldmatrix(trans, num, dtype, local_ptr, local_offset, smem_ptr,
    smem_offset)``: loads ``num`` 8x8 matrices (``dtype`` the PTX type, ``".b16"``) from shared
    memory into the warp's fragments, transposed when ``trans`` (untyped unless ``ty=``)."""
    return intrinsic_call("ptx_legacy.ldmatrix",
                          [trans, num, dtype, local_ptr, local_offset, smem_ptr, smem_offset],
                          ty)


def typed_by_leading_dtype(ldmatrix: Callable[..., Any]) -> Callable[..., Any]:
    """``ldmatrix`` also taking apache-tvm 0.27's element type as ``dtype=`` or as a leading
    positional (eight positionals): the call's type, as 0.27 types it."""

    def call(*args: Any, **kwargs: Any) -> Any:
        element = kwargs.pop("dtype", None) if "ty" not in kwargs else None
        if len(args) == LDMATRIX_OPERANDS + 1 and isinstance(args[0], str) and element is None:
            element, args = args[0], args[1:]
        if element is not None:
            kwargs["ty"] = element
        return ldmatrix(*args, **kwargs)  # its count check says what the range is

    call.__name__ = "ldmatrix"
    call.__doc__ = ldmatrix.__doc__
    return call


__all__ = ["LDMATRIX_OPERANDS", "typed_by_leading_dtype"]
