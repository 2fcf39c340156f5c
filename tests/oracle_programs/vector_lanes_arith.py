from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def fma_vectors(A: T.Tensor((8,), T.float32x4), B: T.Tensor((8,), T.float32x4), C: T.Tensor((8,), T.float32x4)):
    for i in range(8):
        C[i] = A[i] * B[i] + C[i]
