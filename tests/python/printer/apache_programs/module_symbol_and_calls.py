from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T


@I.ir_module
class Module:
    @T.prim_func(private=True)
    def scale(x: T.int32) -> T.int32:
        return x * 3

    @T.prim_func
    def main(a: T.handle):
        n = T.int64()
        A = T.match_buffer(a, (n,), "int32")
        for i in T.serial(n, annotations={"ratio": 0.1, "unroll": 2}):
            A[i] = Module.scale(T.Cast("int32", i))
