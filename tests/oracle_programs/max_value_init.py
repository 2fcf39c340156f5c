from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def min_index(A: T.Tensor((64,), T.int32), out: T.Tensor((1,), T.int32)):
    best: T.int32 = T.max_value(ty="int32")
    for i in range(64):
        best = T.min(best, A[i])
    out[0] = best
