from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def sign_classes(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.int32)):
    for i in range(64):
        if A[i] > T.float32(0):
            B[i] = 1
        elif A[i] < T.float32(0):
            B[i] = -1
        else:
            B[i] = 0
