from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def float_bits(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.int32)):
    for i in range(64):
        B[i] = T.reinterpret(A[i], ty=T.int32)
