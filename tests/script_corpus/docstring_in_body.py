from tvm_tirx.script import tirx as T


@T.function
def documented_copy(Src: T.Tensor((64,), T.float32), Dst: T.Tensor((64,), T.float32)):
    """Copies Src into Dst."""
    for i in range(64):
        Dst[i] = Src[i]
