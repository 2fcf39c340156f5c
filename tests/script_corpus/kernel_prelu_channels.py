from tvm_tirx.script import tirx as T


@T.function
def prelu_nchw(X: T.Tensor((1, 32, 16, 16), T.float32), Alpha: T.Tensor((32,), T.float32), Y: T.Tensor((1, 32, 16, 16), T.float32)):
    for c, h, w in T.grid(32, 16, 16):
        Y[0, c, h, w] = T.Select(X[0, c, h, w] >= 0.0, X[0, c, h, w], Alpha[c] * X[0, c, h, w])
