from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def decibel_ops(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32)):
    for i in range(64):
        B[i] = T.log1p(A[i]) + T.exp10(A[i])
