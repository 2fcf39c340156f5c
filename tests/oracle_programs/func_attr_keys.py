from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def tagged_kernel(A: T.Tensor((32,), T.float32)):
    T.func_attr({"tir.noalias": True, "kernel_kind": "elementwise", "calling_conv": 0})
    for i in range(32):
        A[i] = A[i] + T.float32(1)
