from tvm_tirx.script import tirx as T


@T.function
def clamp_infinite(X: T.Tensor((64,), T.float32), Y: T.Tensor((64,), T.float32)):
    for i in range(64):
        Y[i] = T.Select(T.isinf(X[i]), 0.0, X[i])
