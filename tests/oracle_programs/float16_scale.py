from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def halve_fp16(A: T.Tensor((64,), T.float16)):
    for i in range(64):
        A[i] = A[i] * T.float16(0.5)
