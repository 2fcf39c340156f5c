from tvm_tirx.script import tirx as T


@T.function
def offsets_to_int32(Offsets: T.Tensor((128,), T.int64), Narrow: T.Tensor((128,), T.int32)):
    for i in range(128):
        Narrow[i] = T.Cast("int32", Offsets[i])
