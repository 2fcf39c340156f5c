from tvm_tirx.script import tirx as T


@T.function
def identity_ops(X: T.Tensor((64,), T.int32), Y: T.Tensor((64,), T.int32)):
    for i in range(64):
        Y[i * 1] = X[i + 0] * 1 + 0
