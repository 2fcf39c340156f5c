from tvm_tirx.script import tirx as T


@T.function
def tail_copy(Src: T.Tensor((100,), T.float32), Dst: T.Tensor((100,), T.float32)):
    for i in range(96, 100):
        Dst[i] = Src[i]
