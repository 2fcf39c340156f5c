from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def add_packed(A: T.Tensor((16,), T.int8x4), B: T.Tensor((16,), T.int8x4)):
    for i in range(16):
        B[i] = A[i] + B[i]
