from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def row_max(A: T.Tensor((8, 256), T.float32), out: T.Tensor((8,), T.float32)):
    for r in range(8):
        best: T.float32 = A[r, 0]
        for c in range(1, 256):
            if A[r, c] > best:
                best = A[r, c]
        out[r] = best
