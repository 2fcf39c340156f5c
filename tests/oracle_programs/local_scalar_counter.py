from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def count_zeros(A: T.Tensor((64,), T.int32), out: T.Tensor((1,), T.int32)):
    count = T.local_scalar("int32", 0)
    for i in range(64):
        if A[i] == 0:
            count = count + 1
    out[0] = count
