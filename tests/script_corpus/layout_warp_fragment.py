from tvm_tirx.script import tirx as T


@T.function
def warp_fragment_scale(acc_in: T.Tensor((64, 64), T.float32), acc_out: T.Tensor((64, 64), T.float32)):
    lane = T.Axis.get("laneid")
    warp = T.Axis.get("warpid")
    frag = T.alloc_local((8, 8), "float32",
                         layout=T.TileLayout(T.S[(8, 8):(4 @ lane, 1)] + T.R[4:1 @ warp] + 2 @ warp + 16))
    for i in range(8):
        for j in range(8):
            frag[i, j] = acc_in[i, j] * T.float32(0.5)
            acc_out[i, j] = frag[i, j]
