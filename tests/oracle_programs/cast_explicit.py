from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def to_int(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.int32)):
    for i in range(64):
        B[i] = T.Cast("int32", A[i])
