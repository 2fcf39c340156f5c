from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def saturate(A: T.Tensor((64,), T.int32), B: T.Tensor((64,), T.uint8)):
    for i in range(64):
        B[i] = T.Cast("uint8", T.min(T.max(A[i], 0), 255))
