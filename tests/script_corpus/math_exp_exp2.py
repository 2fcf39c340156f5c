from tvm_tirx.script import tirx as T


@T.function
def exponentials(X: T.Tensor((256,), T.float32), E: T.Tensor((256,), T.float32), E2: T.Tensor((256,), T.float32)):
    for i in range(256):
        E[i] = T.exp(X[i])
        E2[i] = T.exp2(X[i])
