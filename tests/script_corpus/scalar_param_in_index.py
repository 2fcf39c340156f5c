from tvm_tirx.script import tirx as T


@T.function
def copy_window(offset: T.int32, Src: T.Tensor((256,), T.float32), Dst: T.Tensor((32,), T.float32)):
    for i in range(32):
        Dst[i] = Src[offset + i]
