from tvm_tirx.script import tirx as T


@T.function
def saxpy(alpha: T.float32, X: T.Tensor((4096,), T.float32), Y: T.Tensor((4096,), T.float32)):
    for i in range(4096):
        Y[i] = alpha * X[i] + Y[i]
