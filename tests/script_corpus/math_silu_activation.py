from tvm_tirx.script import tirx as T


@T.function
def silu(X: T.Tensor((8192,), T.float32), Y: T.Tensor((8192,), T.float32)):
    for i in range(8192):
        Y[i] = X[i] / (1.0 + T.exp(-X[i]))
