from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def kernel_entry(A: T.Tensor((16,), T.float32)):
    T.func_attr({"tir.noalias": True})
    for i in range(16):
        A[i] = A[i] + T.float32(1)
