from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function(private=True)
def helper_scale(A: T.Tensor((32,), T.float32)):
    for i in range(32):
        A[i] = A[i] * T.float32(4)
