from tvm_tirx.script import tirx as T


@T.function
def log1p_double(X: T.Tensor((64,), T.float64), Y: T.Tensor((64,), T.float64)):
    for i in range(64):
        Y[i] = T.log1p(X[i])
