from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def aligned_copy(A: T.Tensor((256,), T.float32, align=64), B: T.Tensor((256,), T.float32, align=64)):
    for i in range(256):
        B[i] = A[i]
