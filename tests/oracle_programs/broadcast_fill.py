from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def fill_vectors(A: T.Tensor((16,), T.float32x4), value: T.float32):
    for i in range(16):
        A[i] = T.Broadcast(value, 4)
