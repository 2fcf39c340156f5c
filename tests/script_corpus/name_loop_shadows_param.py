from tvm_tirx.script import tirx as T


@T.function
def shadowed_index(i: T.int32, Data: T.Tensor((64,), T.int32)):
    for i in range(64):
        Data[i] = i
