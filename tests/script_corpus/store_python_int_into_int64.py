from tvm_tirx.script import tirx as T


@T.function
def zero_int64(Data: T.Tensor((64,), T.int64)):
    for i in range(64):
        Data[i] = 0
