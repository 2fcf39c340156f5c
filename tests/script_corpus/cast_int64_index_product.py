from tvm_tirx.script import tirx as T


@T.function
def flat_offsets(Rows: T.Tensor((64,), T.int32), Offsets: T.Tensor((64,), T.int64)):
    for i in range(64):
        Offsets[i] = T.int64(Rows[i]) * T.int64(4096)
