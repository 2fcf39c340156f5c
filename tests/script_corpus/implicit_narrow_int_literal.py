from tvm_tirx.script import tirx as T


@T.function
def brighten(X: T.Tensor((64,), T.int8), Y: T.Tensor((64,), T.uint8), Out: T.Tensor((64,), T.int32)):
    for i in range(64):
        Out[i] = X[i] + 1 + (Y[i] - 3)
