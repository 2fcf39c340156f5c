from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def shift_left_by_two(A: T.Tensor((100,), T.float32)):
    for i in range(2, 100):
        A[i - 2] = A[i]
