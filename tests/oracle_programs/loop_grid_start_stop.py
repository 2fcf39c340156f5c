from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def inner_window(A: T.Tensor((64, 64), T.float32)):
    for i, j in T.grid((1, 63), (1, 63)):
        A[i, j] = A[i - 1, j] + A[i + 1, j]
