from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def erfc_host(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32)):
    for i in range(64):
        B[i] = T.call_pure_extern("erfcf", A[i], ty=T.float32)
