from tvm_tirx.script import tirx as T


@T.function
def exclusive_scan(Counts: T.Tensor((1024,), T.int32), Offsets: T.Tensor((1024,), T.int32)):
    Offsets[0] = 0
    for i in range(1, 1024):
        Offsets[i] = Offsets[i - 1] + Counts[i - 1]
