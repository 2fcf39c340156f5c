from tvm_tirx.script import tirx as T


@T.function
def strided_copy_int64[n: T.int64](Src: T.Tensor((n * 2,), T.float32), Dst: T.Tensor((n,), T.float32)):
    for i in range(n):
        Dst[i] = Src[i * 2]
