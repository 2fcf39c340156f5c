from tvm_tirx.script import tirx as T


@T.function
def hard_sigmoid(X: T.Tensor((2048,), T.float32), Y: T.Tensor((2048,), T.float32)):
    for i in range(2048):
        Y[i] = T.min(T.max(X[i] * 0.125 + 0.5, 0.0), 1.0)
