from tvm_tirx.script import tirx as T


@T.function
def replace_nan(X: T.Tensor((1024,), T.float32), Y: T.Tensor((1024,), T.float32)):
    for i in range(1024):
        Y[i] = T.Select(T.isnan(X[i]), 0.0, X[i])
