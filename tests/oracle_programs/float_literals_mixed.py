from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def blend(A: T.Tensor((32,), T.float32), B: T.Tensor((32,), T.float64)):
    for i in range(32):
        A[i] = A[i] * T.float32(0.25) + T.float32(1.5)
        B[i] = B[i] * T.float64(0.3) - T.float64(1e-3)
