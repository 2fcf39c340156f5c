from tvm_tirx.script import tirx as T


@T.function
def two_passes(Data: T.Tensor((64,), T.float32)):
    for i in range(64):
        Data[i] = 0.0
    for i in range(64):
        Data[i] = Data[i] + 1.0
