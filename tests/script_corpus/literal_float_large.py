from tvm_tirx.script import tirx as T


@T.function
def scale_large(X: T.Tensor((64,), T.float64), Y: T.Tensor((64,), T.float64)):
    for i in range(64):
        Y[i] = X[i] * T.float64(1e20)
