from tvm_tirx.script import tirx as T


@T.function
def reverse_copy(Src: T.Tensor((64,), T.int32), Dst: T.Tensor((64,), T.int32)):
    for i in range(63, -1, -1):
        Dst[63 - i] = Src[i]
