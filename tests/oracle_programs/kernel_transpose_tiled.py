from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def transpose_tiles(A: T.Tensor((256, 256), T.float32), B: T.Tensor((256, 256), T.float32)):
    for ti, tj in T.grid(8, 8):
        for i, j in T.grid(32, 32):
            B[tj * 32 + j, ti * 32 + i] = A[ti * 32 + i, tj * 32 + j]
