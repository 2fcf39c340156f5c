from tvm_tirx.script import tirx as T


n = T.dynamic("n", dtype="int64")


@T.function
def copy_int64_extent(Src: T.Tensor((n,), T.float32), Dst: T.Tensor((n,), T.float32)):
    Dst[T.int64(0)] = Src[T.int64(0)]
