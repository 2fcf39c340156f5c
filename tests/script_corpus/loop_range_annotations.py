from tvm_tirx.script import tirx as T


@T.function
def unroll_hinted_copy(Src: T.Tensor((64,), T.float32), Dst: T.Tensor((64,), T.float32)):
    for i in range(64, annotations={"pragma_unroll_explicit": 1}):
        Dst[i] = Src[i]
