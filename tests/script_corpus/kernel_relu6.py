from tvm_tirx.script import tirx as T


@T.function
def relu6(X: T.Tensor((4096,), T.float32), Y: T.Tensor((4096,), T.float32)):
    for i in range(4096):
        Y[i] = T.min(T.max(X[i], 0.0), 6.0)
