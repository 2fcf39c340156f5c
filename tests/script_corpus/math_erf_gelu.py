from tvm_tirx.script import tirx as T


@T.function
def gelu(X: T.Tensor((4096,), T.float32), Y: T.Tensor((4096,), T.float32)):
    for i in range(4096):
        Y[i] = X[i] * 0.5 * (1.0 + T.erf(X[i] * 0.70710678))
