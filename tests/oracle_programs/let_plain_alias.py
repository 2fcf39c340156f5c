from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def offsets(A: T.Tensor((64, 64), T.float32), B: T.Tensor((4096,), T.float32)):
    for r in range(64):
        row = r * 64
        for c in range(64):
            B[row + c] = A[r, c]
