from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def stage_local(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32)):
    tmp = T.alloc_local((64,), "float32")
    for i in range(64):
        tmp[i] = A[i] * T.float32(2)
    for i in range(64):
        B[i] = tmp[i]
