from tvm_tirx.script import tirx as T


@T.function
def pad_reflect_1d(Src: T.Tensor((64,), T.float32), Dst: T.Tensor((68,), T.float32)):
    for i in range(68):
        Dst[i] = Src[T.Select(i < 2, 2 - i, T.Select(i >= 66, 127 - i, i - 2))]
