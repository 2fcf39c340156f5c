from tvm_tirx.script import tirx as T


@T.function
def copy_unmasked(Mask: T.Tensor((64,), T.bool), Src: T.Tensor((64,), T.float32), Dst: T.Tensor((64,), T.float32)):
    for i in range(64):
        if not Mask[i]:
            Dst[i] = Src[i]
