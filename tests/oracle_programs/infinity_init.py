from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def min_reduce(A: T.Tensor((64,), T.float32), out: T.Tensor((1,), T.float32)):
    best: T.float32 = T.infinity(ty="float32")
    for i in range(64):
        best = T.min(best, A[i])
    out[0] = best
