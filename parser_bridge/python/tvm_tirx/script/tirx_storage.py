"""Storage members of ``T`` (issue 10, item 3): ``T.shared_scalar`` and ``T.smem`` (mutable
declarations in shared memory, like ``T.alloc_scalar`` and ``T.alloc_shared``), ``T.assign`` and
``T.tensor_store`` (stores as functions), and ``T.ptr`` (a pointer variable, whose type annotates
a pointer parameter: ``p: T.ptr("float32", "shared")``).

Signatures are the reference's (tests/oracle_records/namespaces.json); what each builds is what
the reference builds (docs/frontend.md, "Mutable scalars").
"""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, Optional

from .. import ir as _ir
from .builder import AlreadyEmitted
from .tirx_builder import PendingScalar, alloc_in_scope, alloc_scalar, setitem_
from .tirx_builder import dtype_of, store_mutable_


def shared_scalar(dtype: str = "float32", *,
                  annotations: Optional[Dict[str, Any]] = None) -> PendingScalar:
    """``flag = T.shared_scalar("int32")``: a mutable scalar in shared memory, a one-element
    shared tensor (``T.alloc_scalar(dtype, "shared")``); ``flag`` reads its element 0 and
    ``flag = v`` stores into it."""
    pending = alloc_scalar(dtype, "shared", annotations=annotations)
    return dataclasses.replace(pending, what="shared_scalar")


smem = alloc_in_scope("shared", "smem")
smem.__doc__ = """``X = T.smem((n, 4), "float32")``: the reference's short name of
``T.alloc_shared``, a new tensor in shared memory."""


# The receipt of a store (as the reference's); our store hooks add the statement without
# handing it back, so `T.add_to_parent` of this receipt is a TypeError naming what it got.
_STORED: AlreadyEmitted = AlreadyEmitted(None)


def assign(dst: Any, value: Any) -> Any:
    """``T.assign(acc, v)`` / ``T.assign(buf[i], v)``: stores ``value`` into scalar storage (a
    mutable scalar, a one-element tensor, or a tensor element), converted to its type as any
    store is; the statement ``acc = v`` of a mutable scalar builds the same."""
    if not isinstance(dst, _ir.Expr):
        raise TypeError(f"`T.assign` stores into a tensor element or a mutable scalar, got "
                        f"`{type(dst).__name__}`")
    store_mutable_(dst, value, name=dst.script() if isinstance(dst, _ir.Var) else "T.assign")
    return _STORED


def tensor_store(dest: Any, indices: Any, value: Any) -> Any:
    """``T.tensor_store(A, [i, j], v)``: ``A[i, j] = v`` as a function (a single index may be
    given bare; a slice ``start:stop:step`` stores a vector, as in ``A[0:4] = v``)."""
    if not isinstance(indices, (list, tuple)):
        indices = [indices]
    key, slices = [], []
    for position, index in enumerate(indices):
        if isinstance(index, slice):
            key.append((index.start, index.stop, index.step))
            slices.append(position)
        else:
            key.append(index)
    setitem_(value=value, target=dest, key=tuple(key), slices=tuple(slices))
    return _STORED


def ptr(dtype: str, storage_scope: str = "global") -> Any:
    """``T.ptr("float32", "shared")``: a pointer variable of that element type and scope (as a
    parameter annotation, ``p: T.ptr("float32")`` declares a pointer parameter ``p``; inside a
    body the variable is undefined)."""
    if not isinstance(storage_scope, str):
        raise TypeError(f"`T.ptr` takes the storage scope as a str, got "
                        f"`{type(storage_scope).__name__}`")
    return _ir.Var("v", _ir.PointerType(_ir.PrimType(str(dtype_of(dtype))), storage_scope))


MEMBERS = ("assign", "shared_scalar", "smem", "tensor_store")
"""The ``T`` statements this module defines (tirx.py's ``__member_kinds__`` lists them; ``ptr``
is a constructor)."""
