from tvm_tirx.script import tirx as T


@T.function
def add_two(X: T.Tensor((64,), T.float32), Y: T.Tensor((64,), T.float32)):
    for i in range(64):
        Y[i] = X[i] + T.float32(2)
