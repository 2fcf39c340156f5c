from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def log_softplus(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32)):
    for i in range(64):
        B[i] = T.log(T.float32(1) + T.exp(A[i]))
