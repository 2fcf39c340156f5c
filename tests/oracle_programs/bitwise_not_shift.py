from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def invert_low(A: T.Tensor((64,), T.uint32)):
    for i in range(64):
        A[i] = ~A[i] & T.uint32(255)
