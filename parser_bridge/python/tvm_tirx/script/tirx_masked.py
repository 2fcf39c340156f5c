"""Predicated vector accesses: ``T.masked_load`` and ``T.masked_store`` (the reference's,
apache-tvm-tirx 0.1.0a4), which Apache TVM spells ``A.vload(indices, predicate=mask)`` and
``A.vstore(indices, value, predicate=mask)`` (tvm_tirx/ir.py builds the same calls).

Calls of the operators ``tirx.masked_load`` / ``tirx.masked_store``; their type rules are
core/tirx/src/masked_access.cc's: a load of the access's type, a void store, a bool mask of one
lane per accessed element.
"""

from __future__ import annotations

from typing import Any

from .. import ir as _ir
from .tirx_intrinsics import intrinsic_call as _call_op
from .tirx_intrinsics import refines_intrinsic


@refines_intrinsic
def masked_load(tensor: Any, index: Any, *args: Any, ty: Any = None, loc: Any = None) -> Any:
    """``T.masked_load(A, i, T.Ramp(j, 1, 4), mask)``: the lanes of ``A[i, j:j + 4]`` that the
    bool vector ``mask`` selects (the indices, then the mask, last). Its type is the access's;
    a ``ty=`` that differs from it is a TypeError."""
    call = _call_op("masked_load", [tensor, index, *args])
    if ty is not None:
        wanted = ty if isinstance(ty, _ir.PrimType) else _ir.PrimType(ty)
        if str(wanted) != str(call.ty):
            raise TypeError(f"`T.masked_load` loads `{call.ty}`, not `{wanted}`")
    return call


@refines_intrinsic
def masked_store(tensor: Any, value: Any, index: Any, *args: Any, ty: Any = None,
                 loc: Any = None) -> Any:
    """``T.masked_store(A, v, i, T.Ramp(j, 1, 4), mask)``: stores the lanes of ``v`` that the
    bool vector ``mask`` selects into ``A[i, j:j + 4]`` (the indices, then the mask, last); a
    statement."""
    if ty is not None:
        raise TypeError("`T.masked_store` is a statement: it takes no `ty=`")
    return _call_op("masked_store", [tensor, value, index, *args])

