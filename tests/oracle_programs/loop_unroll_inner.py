from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def dot4(A: T.Tensor((64, 4), T.float32), w: T.Tensor((4,), T.float32), out: T.Tensor((64,), T.float32)):
    for i in range(64):
        out[i] = T.float32(0)
        for k in T.unroll(4):
            out[i] = out[i] + A[i, k] * w[k]
