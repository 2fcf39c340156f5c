from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def outer_product(x: T.Tensor((16,), T.float32), y: T.Tensor((24,), T.float32), M: T.Tensor((16, 24), T.float32)):
    for i, j in T.grid(16, 24):
        M[i, j] = x[i] * y[j]
