from tvm_tirx.script import tirx as T


@T.function
def window_range(Values: T.Tensor((130,), T.float32), Low: T.Tensor((128,), T.float32), High: T.Tensor((128,), T.float32)):
    for i in range(128):
        Low[i] = T.min(T.min(Values[i], Values[i + 1]), Values[i + 2])
        High[i] = T.max(T.max(Values[i], Values[i + 1]), Values[i + 2])
