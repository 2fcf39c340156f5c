from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def saturating_add(A: T.Tensor((64,), T.int64), B: T.Tensor((64,), T.int64)):
    for i in range(64):
        if A[i] > T.max_value(ty="int64") - B[i]:
            B[i] = T.max_value(ty="int64")
        else:
            B[i] = A[i] + B[i]
