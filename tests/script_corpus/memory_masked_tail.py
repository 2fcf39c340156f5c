from tvm_tirx.script import tirx as T


@T.function
def copy_tail(Src: T.Tensor((64,), T.float32), Dst: T.Tensor((64,), T.float32), n: T.int32):
    T.prefetch(Src.data, 0, 3, 1)
    for i in range(64):
        in_bounds: T.let[T.bool] = i < n
        value: T.let[T.float32] = T.masked_load(Src, i, in_bounds)
        T.masked_store(Dst, value * T.float32(2), i, in_bounds)
