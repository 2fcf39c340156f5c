from tvm_tirx.script import tirx as T


@T.function
def always_taken(Data: T.Tensor((64,), T.float32)):
    if True:
        Data[0] = 1.0
