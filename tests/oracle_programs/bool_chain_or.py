from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def outside_band(A: T.Tensor((100,), T.float32), lo: T.int32, hi: T.int32):
    for i in range(100):
        if i < lo or i >= hi or i == 50:
            A[i] = T.float32(0)
