from __future__ import annotations

from tvm_tirx.script import tirx as T


length = T.dynamic("length")


@T.function
def reverse(A: T.Tensor((length,), T.int32), B: T.Tensor((length,), T.int32)):
    for i in range(length):
        B[i] = A[length - 1 - i]
