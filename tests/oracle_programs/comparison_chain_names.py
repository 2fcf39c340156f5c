from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def in_window(A: T.Tensor((64,), T.int32), lo: T.int32, hi: T.int32):
    for i in range(64):
        if lo <= i < hi:
            A[i] = 1
