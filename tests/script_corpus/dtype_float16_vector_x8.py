from tvm_tirx.script import tirx as T


@T.function
def scale_half8(Data: T.Tensor((64,), T.float16x8), Scaled: T.Tensor((64,), T.float16x8), factor: T.float16):
    for i in range(64):
        Scaled[i] = Data[i] * T.Broadcast(factor, 8)
