from tvm_tirx.script import tirx as T


@T.function
def widen_to_double(X: T.Tensor((64,), T.float32), Y: T.Tensor((64,), T.float64)):
    for i in range(64):
        Y[i] = T.Cast("float64", X[i])
