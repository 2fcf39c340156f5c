from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def zero_even(A: T.Tensor((512,), T.int32)):
    for i in T.serial(0, 512, step=2):
        A[i] = 0
