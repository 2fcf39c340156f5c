from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def first_negative(A: T.Tensor((128,), T.float32), out: T.Tensor((1,), T.int32)):
    out[0] = -1
    for i in range(128):
        if A[i] < T.float32(0):
            out[0] = i
            break
