from tvm_tirx.script import tirx as T


@T.function
def keep_valid(Valid: T.Tensor((64,), T.bool), Src: T.Tensor((64,), T.float32), Dst: T.Tensor((64,), T.float32)):
    for i in range(64):
        if Valid[i] == True:
            Dst[i] = Src[i]
