from tvm_tirx.script import tirx as T


@T.function
def empty_loop(Data: T.Tensor((64,), T.float32)):
    for i in range(0):
        Data[i] = 1.0
