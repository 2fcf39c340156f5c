from tvm_tirx.script import tirx as T


@T.function
def relu_select(X: T.Tensor((4096,), T.float16), Y: T.Tensor((4096,), T.float16)):
    for i in range(4096):
        Y[i] = T.Select(X[i] > T.float16(0.0), X[i], T.float16(0.0))
