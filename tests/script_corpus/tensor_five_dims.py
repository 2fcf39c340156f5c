from tvm_tirx.script import tirx as T


@T.function
def copy_ncdhw(Src: T.Tensor((1, 4, 8, 8, 8), T.float32), Dst: T.Tensor((1, 4, 8, 8, 8), T.float32)):
    for n, c, d, h, w in T.grid(1, 4, 8, 8, 8):
        Dst[n, c, d, h, w] = Src[n, c, d, h, w]
