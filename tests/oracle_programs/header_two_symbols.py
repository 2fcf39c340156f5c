from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def transpose[m, n](A: T.Tensor((m, n), T.float32), B: T.Tensor((n, m), T.float32)):
    for i, j in T.grid(m, n):
        B[j, i] = A[i, j]
