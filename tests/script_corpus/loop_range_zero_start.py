from tvm_tirx.script import tirx as T


@T.function
def explicit_zero_start(Data: T.Tensor((64,), T.float32)):
    for i in range(0, 64):
        Data[i] = 1.0
