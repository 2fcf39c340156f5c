from tvm_tirx.script import tirx as T


@T.function
def bias_add_nchw(Data: T.Tensor((2, 32, 14, 14), T.float32), Bias: T.Tensor((32,), T.float32), Out: T.Tensor((2, 32, 14, 14), T.float32)):
    for n, c, h, w in T.grid(2, 32, 14, 14):
        Out[n, c, h, w] = Data[n, c, h, w] + Bias[c]
