from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def scrub_nan(A: T.Tensor((64,), T.float32)):
    for i in range(64):
        if T.isnan(A[i]):
            A[i] = T.float32(0)
