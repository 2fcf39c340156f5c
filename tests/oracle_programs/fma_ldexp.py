from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def fused(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32), C: T.Tensor((64,), T.float32)):
    for i in range(64):
        C[i] = T.fma(A[i], B[i], C[i])
