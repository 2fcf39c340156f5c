from tvm_tirx.script import tirx as T


n = T.dynamic("n")


@T.function
def strided_zero(Data: T.Tensor((n,), T.float32), stride: T.int32):
    for i in range(0, n, stride):
        Data[i] = 0.0
