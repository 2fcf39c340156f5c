from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def gelu_tanh(A: T.Tensor((128,), T.float32), B: T.Tensor((128,), T.float32)):
    for i in range(128):
        x = A[i]
        B[i] = T.float32(0.5) * x * (T.float32(1) + T.tanh(T.sqrt(T.float32(2) / T.float32(3.14159)) * x))
