from tvm_tirx.script import tirx as T


@T.function
def softplus(X: T.Tensor((256,), T.float32), Y: T.Tensor((256,), T.float32)):
    for i in range(256):
        Y[i] = T.log1p(T.exp(X[i]))
