from tvm_tirx.script import tirx as T


@T.function
def accumulate_double(X: T.Tensor((1024,), T.float32), Total: T.Tensor((1,), T.float64)):
    Total[0] = T.float64(0.0)
    for i in range(1024):
        Total[0] = Total[0] + T.float64(X[i])
