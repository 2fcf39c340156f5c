from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def scale_rows(A: T.Tensor((8, 32), T.float32), width: T.int32):
    for r in range(8):
        base: T.let[T.int32] = r * width
        for c in range(32):
            A[r, c] = A[r, c] * T.float32(2)
