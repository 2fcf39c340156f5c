from tvm_tirx.script import tirx as T


@T.function
def offset_copy(A: T.Tensor((32,), T.float32), B: T.Tensor((32,), T.float32), base: T.int32):
    start = T.Var("start", "int32")
    T.Bind(start, base * 2)
    for i in range(8):
        B[start + i] = A[start + i]
