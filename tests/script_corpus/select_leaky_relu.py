from tvm_tirx.script import tirx as T


@T.function
def leaky_relu(X: T.Tensor((2048,), T.float32), Y: T.Tensor((2048,), T.float32)):
    for i in range(2048):
        Y[i] = T.Select(X[i] > 0.0, X[i], X[i] * 0.01)
