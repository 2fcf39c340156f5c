from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def interleave_even(A: T.Tensor((4,), T.float32x4), B: T.Tensor((32,), T.float32)):
    for v in range(4):
        B[T.Ramp(v * 8, 2, 4)] = A[v]
