from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def unflatten(A: T.Tensor((1024,), T.float32), B: T.Tensor((32, 32), T.float32)):
    for k in range(1024):
        B[k // 32, k % 32] = A[k]
