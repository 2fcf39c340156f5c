from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def scale_by_shift(A: T.Tensor((64,), T.int32), k: T.int32):
    for i in range(64):
        A[i] = T.shift_right(T.shift_left(A[i], k), 1)
