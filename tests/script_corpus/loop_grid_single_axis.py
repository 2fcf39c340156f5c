from tvm_tirx.script import tirx as T


@T.function
def grid_one_axis(Data: T.Tensor((64,), T.float32)):
    for i in T.grid(64):
        Data[i] = 2.0
