from tvm_tirx.script import tirx as T


@T.function
def pack(X: T.Tensor((16,), T.uint8), W: T.Tensor((16,), T.int16), Out: T.Tensor((16,), T.int32)):
    for i in range(16):
        Out[i] = (X[i] & 15) | (W[i] << 2)
