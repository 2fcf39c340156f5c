from tvm_tirx.script import tirx as T


@T.function
def tanh_half(X: T.Tensor((4096,), T.float16), Y: T.Tensor((4096,), T.float16)):
    for i in range(4096):
        Y[i] = T.tanh(X[i])
