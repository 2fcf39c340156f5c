from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def clip(A: T.Tensor((64,), T.float32), lo: T.float32, hi: T.float32):
    for i in range(64):
        A[i] = T.min(T.max(A[i], lo), hi)
