"""The runtime builtins of ``T`` (issue 10, item 3): what lowered host code calls to build
packed-call arguments on the stack, ``T.stack_alloca``, ``T.stack_make_shape``,
``T.stack_make_dltensor``, to read and write their fields, ``T.abi_field_get``,
``T.abi_field_set``; ``T.static_handle`` is the generic member (tirx_intrinsics.py).

Signatures are the reference's (tests/oracle_records/namespaces.json); each builds a call of the
registered op ``tirx.<name>``, whose type rule (core/tirx/src/runtime_intrinsics.cc) checks the
operands and gives the result type. Each refines the registry's member (``@refines_intrinsic``).
"""

from __future__ import annotations

from typing import Any, Sequence

from .. import make_const as _make_const
from .. import ir as _ir
from .tirx_intrinsics import intrinsic_call, refines_intrinsic


def checked_call(name: str, args: Any, ty: Any = None) -> Any:
    """``intrinsic_call``, its operands checked by the op's rule even when ``ty`` is given (the
    rule then does not type the call, yet a bad operand is reported here, at the call)."""
    call = intrinsic_call(name, args, ty)
    call.validate()
    return call


def op_api(name: str, operands: Sequence[str], doc: str) -> Any:
    """``T.<name>(*args, attrs=None, ty_args=None, loc=..., ty=None, **kwargs)``: the reference's
    generic op builder, whose keywords name operands (``arr=``, ``index=``, ...). Ours takes no
    attrs or ty_args: these ops have none."""
    def member(*args: Any, attrs: Any = None, ty_args: Any = None, loc: Any = None,
               ty: Any = None, **kwargs: Any) -> Any:
        if attrs or ty_args:
            raise TypeError(f"`T.{name}` takes no attrs or ty_args")
        # The count is checked first (tirx_intrinsics.py): a keyword beyond the operands is
        # one too many, so only a missing operand is left to name.
        values = list(args)
        for operand in operands[len(args):]:
            if operand not in kwargs:
                raise TypeError(f"`T.{name}` is missing the operand `{operand}`")
            values.append(kwargs.pop(operand))
        return checked_call(name, values, ty)
    member.__name__ = member.__qualname__ = name
    member.__doc__ = doc
    return refines_intrinsic(member)


@refines_intrinsic
def stack_alloca(dtype_str: str, num: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.stack_alloca("shape", n)``: ``num`` entries of a kind (``"shape"``, ``"arg_value"``,
    ``"arg_tcode"``, ``"array"``) on the stack; a ``T.Ptr(T.int64)`` for shapes, a
    ``T.Ptr(T.int32)`` for type codes, else a ``T.Ptr(T.void)``."""
    return checked_call("stack_alloca", [dtype_str, num], ty)


@refines_intrinsic
def stack_make_shape(*args: Any, ty: Any = None, loc: Any = None) -> Any:
    """``T.stack_make_shape(n, 4)``: the integer extents as an int64 array on the stack (a
    ``T.Ptr(T.int64)``)."""
    return checked_call("stack_make_shape", args, ty)


@refines_intrinsic
def stack_make_dltensor(data: Any, shape: Any, strides: Any, ndim: Any, arr_dtype: Any,
                        elem_offset: Any, *, ty: Any = None, loc: Any = None) -> Any:
    """``T.stack_make_dltensor(A.data, shape, strides, 1, T.float32, 0)``: a DLTensor built on
    the stack (a ``T.Ptr(T.void)``); ``arr_dtype`` given as a dtype is a zero of it, which
    carries the element type."""
    if isinstance(arr_dtype, str):
        arr_dtype = _ir.PrimType(arr_dtype)
    if isinstance(arr_dtype, _ir.PrimType):
        arr_dtype = _make_const(arr_dtype, 0)
    return checked_call("stack_make_dltensor",
                           [data, shape, strides, ndim, arr_dtype, elem_offset], ty)


abi_field_get = op_api(
    "abi_field_get", ("arr", "index", "field"),
    "``T.abi_field_get(arr, index, field, ty=T.int64)``: field ``field`` of struct ``index`` "
    "of the array ``arr`` (a pointer), read as ``ty`` (of no type without it).")


@refines_intrinsic
def abi_field_set(arr: Any, index: Any, field: Any, value: Any, *, ty: Any = None,
                  loc: Any = None) -> Any:
    """``T.abi_field_set(arr, index, field, value)``: sets field ``field`` of struct ``index``
    of the array ``arr`` to ``value`` (a statement, typed int32 as the reference types it)."""
    return checked_call("abi_field_set", [arr, index, field, value], ty)

