from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def damp(A: T.Tensor((64,), T.float32)):
    for i in range(64):
        A[i] = A[i] * T.float32(0.1)
