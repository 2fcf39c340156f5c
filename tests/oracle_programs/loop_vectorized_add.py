from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def add_vectors(A: T.Tensor((1024,), T.float32), B: T.Tensor((1024,), T.float32), C: T.Tensor((1024,), T.float32)):
    for outer in range(256):
        for lane in T.vectorized(4):
            C[outer * 4 + lane] = A[outer * 4 + lane] + B[outer * 4 + lane]
