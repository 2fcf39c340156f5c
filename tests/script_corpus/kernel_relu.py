from tvm_tirx.script import tirx as T


@T.function
def relu(X: T.Tensor((8, 1024), T.float32), Y: T.Tensor((8, 1024), T.float32)):
    for b, i in T.grid(8, 1024):
        Y[b, i] = T.max(X[b, i], 0.0)
