from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.macro
def store_twice(A, i, value):
    A[i] = value
    A[i + 1] = value


@T.function
def duplicate(A: T.Tensor((64,), T.float32), B: T.Tensor((128,), T.float32)):
    for i in range(64):
        store_twice(B, i * 2, A[i])
