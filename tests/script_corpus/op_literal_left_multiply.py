from tvm_tirx.script import tirx as T


@T.function
def double_left(X: T.Tensor((64,), T.int32), Y: T.Tensor((64,), T.int32)):
    for i in range(64):
        Y[i] = 2 * X[i] + 1
