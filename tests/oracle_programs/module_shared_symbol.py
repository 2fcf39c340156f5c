from __future__ import annotations

from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T

n = T.dynamic("n")


@I.ir_module
class Module:
    @T.function
    def fill_zero(A: T.Tensor((n,), T.float32)):
        for i in range(n):
            A[i] = T.float32(0)

    @T.function
    def copy(A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32)):
        for i in range(n):
            B[i] = A[i]
