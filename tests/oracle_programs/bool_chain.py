from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def mask_window(A: T.Tensor((256,), T.float32), lo: T.int32, hi: T.int32):
    for i in range(256):
        if i >= lo and i < hi and i % 2 == 0:
            A[i] = T.float32(0)
