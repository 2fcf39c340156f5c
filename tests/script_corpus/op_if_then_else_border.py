from tvm_tirx.script import tirx as T


@T.function
def replicate_border(Src: T.Tensor((64, 64), T.float32), Dst: T.Tensor((66, 66), T.float32)):
    for y, x in T.grid(66, 66):
        Dst[y, x] = T.if_then_else(y >= 1 and y <= 64 and x >= 1 and x <= 64, Src[T.max(y - 1, 0), T.max(x - 1, 0)], 0.0)
