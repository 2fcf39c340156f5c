from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def gather_stride(A: T.Tensor((64,), T.float32), B: T.Tensor((8,), T.float32x4)):
    for v in range(8):
        B[v] = A[T.Ramp(v, 8, 4)]
