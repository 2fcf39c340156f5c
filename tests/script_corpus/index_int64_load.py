from tvm_tirx.script import tirx as T


@T.function
def gather_int64_ids(Table: T.Tensor((1024,), T.float32), Ids: T.Tensor((64,), T.int64), Out: T.Tensor((64,), T.float32)):
    for i in range(64):
        Out[i] = Table[Ids[i]]
