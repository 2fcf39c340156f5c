from tvm_tirx.script import tirx as T


@T.function
def copy_global(Src: T.Tensor((64,), T.float32, scope="global"), Dst: T.Tensor((64,), T.float32)):
    for i in range(64):
        Dst[i] = Src[i]
