from tvm_tirx.script import tirx as T


@T.function
def matrix_copy(Src: T.Tensor((64, 48), T.float32), Dst: T.Tensor((64, 48), T.float32)):
    for i, j in T.grid(64, 48):
        Dst[i, j] = Src[i, j]
