from tvm_tirx.script import tirx as T


@T.function
def split_offsets(Offset: T.Tensor((32,), T.int32), Row: T.Tensor((32,), T.int32), Col: T.Tensor((32,), T.int32)):
    for i in range(32):
        Row[i] = T.truncdiv(Offset[i], 16)
        Col[i] = T.truncmod(Offset[i], 16)
