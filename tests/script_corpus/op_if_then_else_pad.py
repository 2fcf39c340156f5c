from tvm_tirx.script import tirx as T


@T.function
def pad_left(Src: T.Tensor((60,), T.float32), Dst: T.Tensor((64,), T.float32)):
    for i in range(64):
        Dst[i] = T.if_then_else(i >= 4, Src[i - 4], T.float32(0))
