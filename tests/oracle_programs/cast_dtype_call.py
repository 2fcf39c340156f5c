from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def widen_index(A: T.Tensor((64,), T.int8), B: T.Tensor((64,), T.int32)):
    for i in range(64):
        B[i] = T.int32(A[i]) + i
