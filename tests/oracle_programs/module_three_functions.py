from __future__ import annotations

from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T


@I.ir_module
class Module:
    @T.function(private=True)
    def square(x: T.float32) -> T.float32:
        return x * x

    @T.function(private=True)
    def norm2(x: T.float32, y: T.float32) -> T.float32:
        return Module.square(x) + Module.square(y)

    @T.function
    def lengths(X: T.Tensor((64,), T.float32), Y: T.Tensor((64,), T.float32), L: T.Tensor((64,), T.float32)):
        for i in range(64):
            L[i] = T.sqrt(Module.norm2(X[i], Y[i]))
