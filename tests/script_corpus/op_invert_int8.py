from tvm_tirx.script import tirx as T


@T.function
def invert_bytes(Src: T.Tensor((64,), T.int8), Dst: T.Tensor((64,), T.int8)):
    for i in range(64):
        Dst[i] = ~Src[i]
