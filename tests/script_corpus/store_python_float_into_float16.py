from tvm_tirx.script import tirx as T


@T.function
def zero_half(Data: T.Tensor((64,), T.float16)):
    for i in range(64):
        Data[i] = 0.0
