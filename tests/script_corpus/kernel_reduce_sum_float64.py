from tvm_tirx.script import tirx as T


@T.function
def sum_in_float64(X: T.Tensor((10000,), T.float32), Total: T.Tensor((1,), T.float64)):
    Total[0] = T.float64(0.0)
    for i in range(10000):
        Total[0] = Total[0] + T.Cast("float64", X[i])
