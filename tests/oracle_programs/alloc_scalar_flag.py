from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def any_negative(A: T.Tensor((64,), T.float32), out: T.Tensor((1,), T.int32)):
    found = T.alloc_scalar("int32", "local")
    found = 0
    for i in range(64):
        if A[i] < T.float32(0):
            found = 1
    out[0] = found
