from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.inline
def lerp(a, b, t):
    return a + (b - a) * t


@T.function
def blend_rows(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32), C: T.Tensor((64,), T.float32)):
    for i in range(64):
        C[i] = lerp(A[i], B[i], T.float32(0.25))
