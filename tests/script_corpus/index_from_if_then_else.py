from tvm_tirx.script import tirx as T


@T.function
def mirror_index(Src: T.Tensor((64,), T.float32), Dst: T.Tensor((128,), T.float32)):
    for i in range(128):
        Dst[i] = Src[T.if_then_else(i < 64, i, 127 - i)]
