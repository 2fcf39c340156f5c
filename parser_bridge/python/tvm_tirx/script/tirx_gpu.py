"""Apache TVM's GPU and runtime intrinsics, in its spelling (issue 10, item 4).

``T.tvm_warp_shuffle`` and its ``_up``/``_down``/``_xor`` forms, ``T.tvm_warp_activemask``,
``T.tvm_storage_sync``, ``T.tvm_thread_allreduce``, ``T.tvm_struct_get`` and
``T.tvm_struct_set``: calls of the operators ``tirx.<name>``, with the arguments Apache TVM's
definitions build (python/tvm/tirx/op.py at the pinned commit) and the type rules of
core/tirx/src/gpu_intrinsics.cc. The reference implementation has the GPU ones only as
device-backend members (``T.gpu_warp_shuffle``, ...), which issue 10 leaves out; these are
Apache-spelling members, printed as written here so that a print reads back as the same IR.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Sequence

from .. import CommReducer as _CommReducer
from .. import ir as _ir
from .tirx_types import default_typed as _default_typed
from .tirx_intrinsics import intrinsic_call as _call_op
from .tirx_intrinsics import refines_intrinsic

_HANDLE = _ir.PointerType(_ir.PrimType("void"), "global")


@refines_intrinsic
def tvm_warp_shuffle(mask: Any, value: Any, warp_id: Any, width: Any, warp_size: Any) -> Any:
    """``T.tvm_warp_shuffle(mask, value, warp_id, width, warp_size)``: ``value`` as the lane
    ``warp_id`` of the warp holds it (CUDA's ``__shfl_sync``), of ``value``'s type."""
    return _call_op("tvm_warp_shuffle", [mask, value, warp_id, width, warp_size])


@refines_intrinsic
def tvm_warp_shuffle_up(mask: Any, value: Any, offset: Any, width: Any, warp_size: Any) -> Any:
    """``T.tvm_warp_shuffle_up(mask, value, offset, width, warp_size)``: ``value`` of the lane
    ``offset`` below this one (``__shfl_up_sync``)."""
    return _call_op("tvm_warp_shuffle_up", [mask, value, offset, width, warp_size])


@refines_intrinsic
def tvm_warp_shuffle_down(mask: Any, value: Any, offset: Any, width: Any,
                          warp_size: Any) -> Any:
    """``T.tvm_warp_shuffle_down(mask, value, offset, width, warp_size)``: ``value`` of the
    lane ``offset`` above this one (``__shfl_down_sync``)."""
    return _call_op("tvm_warp_shuffle_down", [mask, value, offset, width, warp_size])


@refines_intrinsic
def tvm_warp_shuffle_xor(mask: Any, value: Any, lane_mask: Any, width: Any,
                         warp_size: Any) -> Any:
    """``T.tvm_warp_shuffle_xor(mask, value, lane_mask, width, warp_size)``: ``value`` of the
    lane whose index is this one's xor ``lane_mask`` (``__shfl_xor_sync``)."""
    return _call_op("tvm_warp_shuffle_xor", [mask, value, lane_mask, width, warp_size])


@refines_intrinsic
def tvm_warp_activemask() -> Any:
    """``T.tvm_warp_activemask()``: the 32-bit mask of the active threads of the warp, a
    uint32 (CUDA's ``__activemask``)."""
    return _call_op("tvm_warp_activemask", [])


@refines_intrinsic
def tvm_storage_sync(storage_scope: Any, is_load: Any = False, num_blocks: Any = -1) -> Any:
    """``T.tvm_storage_sync("shared")``: a barrier over the storage scope, a statement;
    ``is_load`` and ``num_blocks`` serve a global barrier. As Apache TVM builds it, the call
    always holds the three arguments."""
    return _call_op("tvm_storage_sync", [storage_scope, is_load, num_blocks])


@refines_intrinsic
def tvm_thread_allreduce(*freduce_args: Any, dtype: Any = None) -> Any:
    """``T.tvm_thread_allreduce(T.uint32(n), sources..., cond, destinations..., threads...)``:
    reduces the ``n`` sources over the threads of the given thread indices where ``cond``
    holds, with the combiner of the enclosing ``T.attr(T.comm_reducer(...), "reduce_scope",
    ...)``, into the ``n`` destinations (``reduce[0]``); a statement. A ``dtype=`` is dropped,
    as Apache TVM's builder drops it: the call stays void."""
    return _call_op("tvm_thread_allreduce", list(freduce_args))


def _struct_field_type(dtype: Any, member: str = "tvm_struct_get") -> Any:
    if isinstance(dtype, (_ir.PrimType, _ir.PointerType)):
        return dtype
    if dtype == "handle":
        return _HANDLE
    if isinstance(dtype, str):
        return _ir.PrimType(dtype)
    raise TypeError(f"`T.{member}` takes a dtype, such as \"int32\" or `T.int64`, got "
                    f"`{type(dtype).__name__}`")


@refines_intrinsic
def tvm_struct_get(arr: Any, index: Any, field: Any, dtype: Any) -> Any:
    """``T.tvm_struct_get(arr, index, field, "int32")``: the field ``field`` of the struct
    ``arr[index]`` (a DLTensor's shape, data, ...), read as ``dtype``."""
    return _call_op("tvm_struct_get", [arr, index, field], _struct_field_type(dtype))


@refines_intrinsic
def tvm_struct_set(arr: Any, index: Any, field: Any, value: Any, *, dtype: Any = None) -> Any:
    """``T.tvm_struct_set(arr, index, field, value)``: writes ``value`` into the field
    ``field`` of the struct ``arr[index]``; an int32, as Apache TVM types it (which drops a
    ``dtype=``, as ours does)."""
    return _call_op("tvm_struct_set", [arr, index, field, value])


@refines_intrinsic
def tvm_fill_fragment(fragment: Any, m: Any, n: Any, k: Any, index: Any, value: Any, *,
                      dtype: Any = None) -> Any:
    """``T.tvm_fill_fragment(C.data, 16, 16, 16, index, value)``: fills a tensor-core fragment
    with one value, a statement. A ``dtype=`` is dropped, as Apache TVM's builder drops it."""
    return _call_op("tvm_fill_fragment", [fragment, m, n, k, index, value])


@refines_intrinsic
def tvm_load_matrix_sync(fragment: Any, m: Any, n: Any, k: Any, index: Any, buffer_ptr: Any,
                         stride: Any, layout: Any, *, dtype: Any = None) -> Any:
    """``T.tvm_load_matrix_sync(A_frag.data, 16, 16, 16, index, ptr, stride, "row_major")``:
    loads a tile from memory into a tensor-core fragment, a statement (``dtype=`` dropped)."""
    return _call_op("tvm_load_matrix_sync",
                    [fragment, m, n, k, index, buffer_ptr, stride, layout])


@refines_intrinsic
def tvm_store_matrix_sync(fragment: Any, m: Any, n: Any, k: Any, index: Any, buffer_ptr: Any,
                          stride: Any, layout: Any, *, dtype: Any = None) -> Any:
    """``T.tvm_store_matrix_sync(C_frag.data, 16, 16, 16, index, ptr, stride, "row_major")``:
    stores a tensor-core fragment into memory, a statement (``dtype=`` dropped)."""
    return _call_op("tvm_store_matrix_sync",
                    [fragment, m, n, k, index, buffer_ptr, stride, layout])


@refines_intrinsic
def tvm_mma_sync(fragment_d: Any, index_d: Any, fragment_a: Any, index_a: Any, fragment_b: Any,
                 index_b: Any, fragment_c: Any, index_c: Any, *, dtype: Any = None) -> Any:
    """``T.tvm_mma_sync(d, index_d, a, index_a, b, index_b, c, index_c)``: the tensor-core
    product d = a * b + c of four fragments, a statement (``dtype=`` dropped)."""
    return _call_op("tvm_mma_sync", [fragment_d, index_d, fragment_a, index_a, fragment_b,
                                     index_b, fragment_c, index_c])


@refines_intrinsic
def tvm_bmma_sync(fragment_d: Any, index_d: Any, fragment_a: Any, index_a: Any, fragment_b: Any,
                  index_b: Any, fragment_c: Any, index_c: Any, *, dtype: Any = None) -> Any:
    """``T.tvm_bmma_sync(d, index_d, a, index_a, b, index_b, c, index_c)``: the binary
    tensor-core product of four fragments, a statement (``dtype=`` dropped)."""
    return _call_op("tvm_bmma_sync", [fragment_d, index_d, fragment_a, index_a, fragment_b,
                                      index_b, fragment_c, index_c])


@refines_intrinsic
def type_annotation(dtype: Any) -> Any:
    """``T.type_annotation("float16")``: a call that stands for its type only, the element-type
    operand of ``T.tvm_access_ptr`` (Apache TVM's tensor-core memory operands)."""
    return _call_op("type_annotation", [], _struct_field_type(dtype, "type_annotation"))


@refines_intrinsic
def tvm_access_ptr(ptype: Any, data: Any, offset: Any, extent: Any, rw_mask: Any, *,
                   dtype: Any = None) -> Any:
    """``T.tvm_access_ptr(T.type_annotation("float16"), A.data, offset, extent, rw_mask)``: a
    pointer to ``extent`` elements of ``A`` from ``offset``, read (1), written (2) or both (3),
    typed as a pointer to ``ptype`` in the data's scope; a dtype (``"float16"``) stands for its
    ``T.type_annotation``, as Apache TVM reads it, which also drops a ``dtype=``."""
    if isinstance(ptype, str) or hasattr(ptype, "dtype") and not isinstance(ptype, _ir.Expr):
        ptype = type_annotation(ptype)
    return _call_op("tvm_access_ptr", [ptype, data, offset, extent, rw_mask])


def comm_reducer(combiner: Callable[..., Any], identity: Sequence[Any]) -> Any:
    """``T.comm_reducer(lambda x, y: x + y, [T.float32(0)])``: the combiner of a cross-thread
    reduction, the node of ``T.attr(..., "reduce_scope", ...)`` that ``T.tvm_thread_allreduce``
    reads. For ``n`` identities the lambda takes ``n`` left values then ``n`` right values
    (each typed as its identity; a Python int is an int32) and returns ``n`` results (a tuple
    when ``n > 1``)."""
    if not isinstance(identity, (list, tuple)) or not identity:
        raise TypeError("`T.comm_reducer` takes the identities as a non-empty list, such as "
                        "`[T.float32(0)]`")
    identity = [_default_typed(value) for value in identity]
    names = list(inspect.signature(combiner).parameters)
    n = len(identity)
    if len(names) != 2 * n:
        raise TypeError(f"`T.comm_reducer` of {n} identit{'y' if n == 1 else 'ies'} takes a "
                        f"lambda of {2 * n} values ({n} left, {n} right), got {len(names)}")
    params = [_ir.Var(name, identity[i % n].ty) for i, name in enumerate(names)]
    result = combiner(*params)
    results = list(result) if isinstance(result, tuple) else [result]
    return _CommReducer(params[:n], params[n:], [_default_typed(r) for r in results], identity)


MEMBERS = ("tvm_warp_shuffle", "tvm_warp_shuffle_up", "tvm_warp_shuffle_down",
           "tvm_warp_shuffle_xor", "tvm_warp_activemask", "tvm_storage_sync",
           "tvm_thread_allreduce", "tvm_struct_get", "tvm_struct_set", "tvm_access_ptr", "tvm_fill_fragment",
           "tvm_load_matrix_sync", "tvm_store_matrix_sync", "tvm_mma_sync", "tvm_bmma_sync",
           "comm_reducer")
"""The ``T`` members of Apache TVM's spelling this module defines or that the op registry gives
(the tensor-core intrinsics of tensor_core_intrinsics.cc): tirx.py declares them of the
``legacy`` kind; the intrinsics defined here are marked ``@refines_intrinsic``.
``T.type_annotation`` is refined here too, and stays an intrinsic member."""
