from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def offload_add(A: T.Tensor((512,), T.float32), B: T.Tensor((512,), T.float32)):
    T.func_attr({"target": T.target("nvptx", host="llvm"), "tir.noalias": True})
    for i in range(512):
        B[i] = A[i] + T.float32(1)
