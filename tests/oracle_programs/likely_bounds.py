from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def guarded_copy(A: T.Tensor((100,), T.float32), B: T.Tensor((128,), T.float32)):
    for i in range(128):
        if T.likely(i < 100):
            B[i] = A[i]
