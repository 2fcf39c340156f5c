from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def copy_long[n: T.int64](A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32)):
    for i in range(n):
        B[i] = A[i]
