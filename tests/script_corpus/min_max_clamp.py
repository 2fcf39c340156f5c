from tvm_tirx.script import tirx as T


@T.function
def clamp(X: T.Tensor((1024,), T.float32), lo: T.float32, hi: T.float32, Y: T.Tensor((1024,), T.float32)):
    for i in range(1024):
        Y[i] = T.min(T.max(X[i], lo), hi)
