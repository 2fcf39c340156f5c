from tvm_tirx.script import tirx as T


@T.function
def clamp_to(min: T.int32, max: T.int32, Data: T.Tensor((64,), T.int32)):
    for i in range(64):
        Data[i] = T.max(T.min(Data[i], max), min)
