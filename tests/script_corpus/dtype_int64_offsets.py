from tvm_tirx.script import tirx as T


@T.function
def offsets_from_lengths(Lengths: T.Tensor((128,), T.int64), Offsets: T.Tensor((129,), T.int64)):
    Offsets[0] = T.int64(0)
    for i in range(128):
        Offsets[i + 1] = Offsets[i] + Lengths[i]
