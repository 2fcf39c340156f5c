"""A module whose entry point calls a helper declared after it."""
from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T


@I.ir_module
class Module:
    @T.function
    def main(A: T.Tensor((16, 16), T.float32), B: T.Tensor((16, 16), T.float32),
             C: T.Tensor((16, 16), T.float32)):
        for i, j in T.grid(16, 16):
            C[i, j] = Module.dot(A, B, i, j)

    @T.function(private=True)
    def dot(A: T.Tensor((16, 16), T.float32), B: T.Tensor((16, 16), T.float32), i: T.int32,
            j: T.int32) -> T.float32:
        acc = T.float32(0.0)
        for k in range(16):
            T.evaluate(A[i, k] * B[k, j])
        return acc
