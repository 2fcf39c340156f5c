from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def matvec[n: T.int64](M: T.Tensor((n, 64), T.float32), v: T.Tensor((64,), T.float32), out: T.Tensor((n,), T.float32)):
    for i in range(n):
        acc: T.float32 = T.float32(0)
        for k in range(64):
            acc = acc + M[i, k] * v[k]
        out[i] = acc
