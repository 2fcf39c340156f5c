from tvm_tirx.script import tirx as T


@T.function
def permute_021(Src: T.Tensor((8, 16, 32), T.float32), Dst: T.Tensor((8, 32, 16), T.float32)):
    for a, b, c in T.grid(8, 16, 32):
        Dst[a, c, b] = Src[a, b, c]
