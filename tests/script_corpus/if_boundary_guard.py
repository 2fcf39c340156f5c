from tvm_tirx.script import tirx as T


@T.function
def guarded_shift(Src: T.Tensor((100,), T.float32), Dst: T.Tensor((100,), T.float32)):
    for i in range(128):
        if i < 100:
            if i >= 1:
                Dst[i] = Src[i - 1]
            else:
                Dst[i] = 0.0
