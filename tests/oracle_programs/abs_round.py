from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def magnitude_rounded(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32)):
    for i in range(64):
        B[i] = T.round(T.abs(A[i]))
