from tvm_tirx.script import tirx as T


n = T.dynamic("n", dtype="int64")


@T.function
def guard_int64_extent(Data: T.Tensor((n,), T.float32)):
    if n > T.int64(0):
        Data[T.int64(0)] = 0.0
