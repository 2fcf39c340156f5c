from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def checked_copy(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32), n: T.int32):
    assert n <= 64, "n must not exceed the tensor length"
    for i in range(n):
        B[i] = A[i]
