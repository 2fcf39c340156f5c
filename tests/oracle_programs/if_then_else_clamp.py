from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def relu_guarded(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32)):
    for i in range(64):
        B[i] = T.if_then_else(A[i] > T.float32(0), A[i], T.float32(0))
