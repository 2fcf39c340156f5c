from tvm_tirx.script import tirx as T


@T.function
def fill_int8(Data: T.Tensor((64,), T.int8)):
    for i in range(64):
        Data[i] = 5
