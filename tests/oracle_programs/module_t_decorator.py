from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.ir_module
class Module:
    @T.function
    def double(A: T.Tensor((32,), T.int32)):
        for i in range(32):
            A[i] = A[i] * 2
