from tvm_tirx.script import tirx as T


@T.function
def indicator(X: T.Tensor((64,), T.float32), Y: T.Tensor((64,), T.float32)):
    for i in range(64):
        Y[i] = T.Cast(T.float32, X[i] > 0.5)
