from tvm_tirx.script import tirx as T


@T.function
def scale(A: T.Tensor((4,), T.int64), B: T.Tensor((4,), T.float32), s: T.PrimType("float32")):
    A[0] = T.IntImm("int64", 7)
    B[0] = T.FloatImm("float32", 2.5) * s
    T.evaluate(T.call_extern("int32", T.StringImm("host_log"), A[0]))
