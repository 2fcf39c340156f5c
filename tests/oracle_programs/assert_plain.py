from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def positive_width(width: T.int32, A: T.Tensor((16,), T.int32)):
    assert width > 0
    for i in range(16):
        A[i] = width
