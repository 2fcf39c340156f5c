from tvm_tirx.script import tirx as T


@T.function
def axpy_double(alpha: T.float64, X: T.Tensor((1000,), T.float64), Y: T.Tensor((1000,), T.float64)):
    for i in range(1000):
        Y[i] = Y[i] + alpha * X[i]
