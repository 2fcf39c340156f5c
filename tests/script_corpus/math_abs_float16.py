from tvm_tirx.script import tirx as T


@T.function
def abs_half(X: T.Tensor((64,), T.float16), Y: T.Tensor((64,), T.float16)):
    for i in range(64):
        Y[i] = T.abs(X[i])
