from tvm_tirx.script import tirx as T


@T.function
def checked_gather(Table: T.Tensor((100,), T.float32), Idx: T.Tensor((16,), T.int32), Out: T.Tensor((16,), T.float32)):
    for i in range(16):
        assert 0 <= Idx[i] and Idx[i] < 100, "gather index out of range"
        Out[i] = Table[Idx[i]]
