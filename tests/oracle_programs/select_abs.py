from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def abs_select(A: T.Tensor((64,), T.int32)):
    for i in range(64):
        A[i] = T.Select(A[i] < 0, 0 - A[i], A[i])
