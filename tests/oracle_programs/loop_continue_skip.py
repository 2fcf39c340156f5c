from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def sum_positive(A: T.Tensor((128,), T.float32), out: T.Tensor((1,), T.float32)):
    acc: T.float32 = T.float32(0)
    for i in range(128):
        if A[i] <= T.float32(0):
            continue
        acc = acc + A[i]
    out[0] = acc
