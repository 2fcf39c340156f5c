from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def row_sums(A: T.Tensor((16, 64), T.int32), out: T.Tensor((16,), T.int32)):
    for r in range(16):
        total: T.int32 = 0
        for c in range(64):
            total = total + A[r, c]
        out[r] = total
