from tvm_tirx.script import tirx as T


@T.function
def sum_eight_taps(X: T.Tensor((72,), T.float32), Y: T.Tensor((64,), T.float32)):
    for i in range(64):
        Y[i] = X[i] + X[i + 1] + X[i + 2] + X[i + 3] + X[i + 4] + X[i + 5] + X[i + 6] + X[i + 7]
