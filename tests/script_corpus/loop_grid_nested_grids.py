from tvm_tirx.script import tirx as T


@T.function
def blocked_copy(Src: T.Tensor((64, 64), T.float32), Dst: T.Tensor((64, 64), T.float32)):
    for bi, bj in T.grid(8, 8):
        for ti, tj in T.grid(8, 8):
            Dst[bi * 8 + ti, bj * 8 + tj] = Src[bi * 8 + ti, bj * 8 + tj]
