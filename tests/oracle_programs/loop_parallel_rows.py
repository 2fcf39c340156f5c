from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def normalize_rows(A: T.Tensor((32, 128), T.float32), scale: T.Tensor((32,), T.float32)):
    for r in T.parallel(32):
        for c in range(128):
            A[r, c] = A[r, c] * scale[r]
