from tvm_tirx.script import tirx as T


@T.function
def checked_gather(Table: T.Tensor((256,), T.float32), index: T.int32, Out: T.Tensor((1,), T.float32)):
    assert index >= 0, ("IndexError", ["gather index ", "must not be negative"])
    assert index < 256, ("ValueError", ["gather index out of range"])
    Out[0] = Table[index]
