"""The cases of ``T.nvshmem`` and ``T.ptx_legacy`` (the CUDA library calls of the device
backends) whose call types and argument types the oracles give: apache-tvm 0.27's answers are
recorded by record_device.py (``intrinsic/...`` keys of device_scope_ids.json), the reference's
by record_device_reference.py (device_reference.json); tests/python/script/test_oracle_device.py
checks ours against both. Plain data and lambdas over a namespace ``T``, a pointer ``p``, an int32
``i`` and a float32 ``x``: neither side's package is imported here.

A case's answer is device_cases.call_answer's (the call's type, its arguments' types) or
``{"error": kind}``. The value operands vary in dtype where a type could follow one.
"""

from __future__ import annotations

from typing import Any, Callable, Dict

Case = Callable[[Any, Any, Any, Any], Any]

COMMON: Dict[str, Case] = {
    "nvshmem.my_pe": lambda T, p, i, x: T.nvshmem.my_pe(),
    "nvshmem.n_pes": lambda T, p, i, x: T.nvshmem.n_pes(),
    "nvshmem.quiet": lambda T, p, i, x: T.nvshmem.quiet(),
    "nvshmem.fence": lambda T, p, i, x: T.nvshmem.fence(),
    "nvshmem.barrier_all": lambda T, p, i, x: T.nvshmem.barrier_all(),
    "nvshmem.getmem_nbi": lambda T, p, i, x: T.nvshmem.getmem_nbi(p, p, 16, i),
    "nvshmem.getmem_nbi.warp": lambda T, p, i, x: T.nvshmem.getmem_nbi.warp(p, p, i, 0),
    "nvshmem.putmem_nbi": lambda T, p, i, x: T.nvshmem.putmem_nbi(p, p, 64, 1),
    "nvshmem.putmem_nbi.warp": lambda T, p, i, x: T.nvshmem.putmem_nbi.warp(p, p, 64, i),
    "nvshmem.putmem_nbi.block": lambda T, p, i, x: T.nvshmem.putmem_nbi.block(p, p, 64, i),
    "nvshmem.putmem_signal_nbi": lambda T, p, i, x: T.nvshmem.putmem_signal_nbi(
        p, p, 16, p, T.uint64(1), "set", i),
    "nvshmem.putmem_signal_nbi.warp/int32": lambda T, p, i, x: T.nvshmem.putmem_signal_nbi.warp(
        p, p, 16, p, i, "add", 0),
    "nvshmem.putmem_signal_nbi.block": lambda T, p, i, x: T.nvshmem.putmem_signal_nbi.block(
        p, p, 16, p, 1, "set", 0),
    "nvshmem.signal_op/uint64": lambda T, p, i, x: T.nvshmem.signal_op(p, T.uint64(1), "set", i),
    "nvshmem.signal_op/int32": lambda T, p, i, x: T.nvshmem.signal_op(p, i, "add", 0),
    "nvshmem.signal_op/keywords": lambda T, p, i, x: T.nvshmem.signal_op(
        sig_addr=p, signal=1, sig_op="add", pe=i),
    "nvshmem.signal_op/bad_op": lambda T, p, i, x: T.nvshmem.signal_op(p, 1, "mul", 0),
    "nvshmem.signal_op/arity": lambda T, p, i, x: T.nvshmem.signal_op(p, 1, "set"),
    "nvshmem.wait_until/uint64": lambda T, p, i, x: T.nvshmem.wait_until(p, "eq", T.uint64(3)),
    "nvshmem.wait_until/int32": lambda T, p, i, x: T.nvshmem.wait_until(p, "ge", i, "int32_t"),
    "nvshmem.wait_until/float32": lambda T, p, i, x: T.nvshmem.wait_until(p, "lt", x, "float"),
    "nvshmem.wait_until/keywords": lambda T, p, i, x: T.nvshmem.wait_until(
        ivar=p, cmp="ne", cmp_value=0),
    "nvshmem.wait_until/bad_cmp": lambda T, p, i, x: T.nvshmem.wait_until(p, "xx", 1),
    "nvshmem.getmem_nbi/arity": lambda T, p, i, x: T.nvshmem.getmem_nbi(p, p, 16),
    "ptx_legacy.mma/arity": lambda T, p, i, x: T.ptx_legacy.mma(
        "m16n8k16", "row", "col", "fp16", "fp16", "fp32", p, 0, p, 0, p, 0),
    "ptx_legacy.ldmatrix/arity": lambda T, p, i, x: T.ptx_legacy.ldmatrix(
        False, 4, ".b16", p, 0, p),
}
"""Cases both oracles answer alike."""

APACHE: Dict[str, Case] = {
    # 0.27 types ldmatrix by its leading positional (how it prints) or `dtype=`.
    "ptx_legacy.ldmatrix/leading_float16": lambda T, p, i, x: T.ptx_legacy.ldmatrix(
        "float16", False, 4, ".b16", p, 0, p, i),
    "ptx_legacy.ldmatrix/dtype_int8": lambda T, p, i, x: T.ptx_legacy.ldmatrix(
        True, 1, ".b16", p, i, p, 0, dtype="int8"),
}
"""Apache TVM 0.27's spellings (record_device.py)."""

REFERENCE: Dict[str, Case] = {
    "nvshmem.getmem_nbi_warp": lambda T, p, i, x: T.nvshmem.getmem_nbi_warp(p, p, 16, i),
    "nvshmem.getmem_nbi_block": lambda T, p, i, x: T.nvshmem.getmem_nbi_block(p, p, 16, i),
    "nvshmem.getmem_nbi.block": lambda T, p, i, x: T.nvshmem.getmem_nbi.block(p, p, 16, i),
    "nvshmem.putmem_nbi_block": lambda T, p, i, x: T.nvshmem.putmem_nbi_block(p, p, 16, i),
    "nvshmem.putmem_signal_nbi_warp": lambda T, p, i, x: T.nvshmem.putmem_signal_nbi_warp(
        p, p, 16, p, 1, "set", i),
    "ptx_legacy.mma": lambda T, p, i, x: T.ptx_legacy.mma(
        "m16n8k16", "row", "col", "fp16", "fp16", "fp32", p, 0, p, 0, p, i, False),
    "ptx_legacy.mma/operator": lambda T, p, i, x: T.ptx_legacy.mma(
        "m8n8k128", "row", "col", "b1", "b1", "s32", p, i, p, 0, p, 0, False, "xor"),
    "ptx_legacy.mma/ty_float32": lambda T, p, i, x: T.ptx_legacy.mma(
        "m16n8k8", "row", "col", "bf16", "bf16", "fp32", p, 0, p, 0, p, 0, True, ty=T.float32),
    "ptx_legacy.ldmatrix": lambda T, p, i, x: T.ptx_legacy.ldmatrix(False, 4, ".b16", p, 0, p, i),
    "ptx_legacy.ldmatrix/ty_float16": lambda T, p, i, x: T.ptx_legacy.ldmatrix(
        True, 2, ".b16", p, i, p, 8, ty=T.float16),
}
"""The reference's spellings and its `ty=` (record_device_reference.py)."""

_TRANSFER_ARGS = ["handle(void, global)", "handle(void, global)", "int32", "int32"]

KNOWN_DEVIATIONS: Dict[str, Dict[str, Any]] = {
    "reference/nvshmem.getmem_nbi_block": {"args": _TRANSFER_ARGS, "type": "void"},
    "reference/nvshmem.getmem_nbi.block": {"args": _TRANSFER_ARGS, "type": "void"},
    "apache/ptx_legacy.mma/arity": {"error": "TypeError"},
    "apache/ptx_legacy.ldmatrix/arity": {"error": "TypeError"},
}
"""Where ours answers otherwise than a record on purpose, by ``<oracle>/<case>``: ours. The
reference's ``tirx.nvshmem.getmem_nbi_block`` alone of its transfers has no fixed return type
(untyped, ``T.Missing()``), which reads as an oversight: 0.27 and every other transfer are void.
A wrong count of ``T.ptx_legacy``'s arguments is the reference's TypeError (0.27, which takes
them as ``*args``, raises a ValueError)."""
