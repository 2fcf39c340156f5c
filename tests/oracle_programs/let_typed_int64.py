from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def flat_index(A: T.Tensor((4096,), T.float32), r: T.int32):
    start: T.let[T.int64] = T.Cast("int64", r) * T.int64(64)
    for c in range(64):
        A[T.Cast("int32", start) + c] = T.float32(0)
