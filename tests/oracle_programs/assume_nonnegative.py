from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def assume_positive_len(n: T.int32, A: T.Tensor((128,), T.float32)):
    T.assume(n >= 0)
    for i in range(n):
        A[i] = T.float32(1)
