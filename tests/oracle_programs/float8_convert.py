from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def to_fp8(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float8_e4m3fn)):
    for i in range(64):
        B[i] = T.Cast("float8_e4m3fn", A[i])
