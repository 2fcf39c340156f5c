from tvm_tirx.script import tirx as T


@T.function
def uint32_increment(X: T.Tensor((64,), T.uint32), Y: T.Tensor((64,), T.uint32)):
    for i in range(64):
        Y[i] = X[i] + 1
