from tvm_tirx.script import tirx as T


@T.function
def likely_in_bounds(Src: T.Tensor((1000,), T.float32), Dst: T.Tensor((1024,), T.float32)):
    for i in range(1024):
        if T.likely(i < 1000):
            Dst[i] = Src[i]
