from tvm_tirx.script import tirx as T


@T.function
def reverse_lanes(Src: T.Tensor((64,), T.int32x4), Dst: T.Tensor((64,), T.int32x4)):
    for i in range(64):
        Dst[i] = T.Shuffle([Src[i]], [3, 2, 1, 0])
