from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def unrolled_scale(A: T.Tensor((16,), T.float32)):
    for i in T.serial(16, unroll=4):
        A[i] = A[i] * T.float32(3)
