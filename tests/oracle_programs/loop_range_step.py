from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def every_third(A: T.Tensor((99,), T.int32)):
    for i in range(0, 99, 3):
        A[i] = A[i] + 1
