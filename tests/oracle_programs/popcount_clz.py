from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def bit_stats(A: T.Tensor((64,), T.uint32), ones: T.Tensor((64,), T.uint32), lead: T.Tensor((64,), T.uint32)):
    for i in range(64):
        ones[i] = T.popcount(A[i])
        lead[i] = T.clz(A[i])
