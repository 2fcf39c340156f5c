from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def pack_bits(A: T.Tensor((64,), T.int32), B: T.Tensor((64,), T.int32), mask: T.int32):
    for i in range(64):
        B[i] = ((A[i] & mask) | (A[i] >> 4)) ^ (A[i] << 2)
