from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def keep_inside(A: T.Tensor((64,), T.int32), lo: T.int32):
    for i in range(64):
        if not (i < lo):
            A[i] = A[i] * 2
