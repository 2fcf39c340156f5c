from tvm_tirx.script import tirx as T


@T.function
def rounding_modes(X: T.Tensor((64,), T.float32), Out: T.Tensor((4, 64), T.float32)):
    for i in range(64):
        Out[0, i] = T.floor(X[i])
        Out[1, i] = T.ceil(X[i])
        Out[2, i] = T.round(X[i])
        Out[3, i] = T.trunc(X[i])
