from tvm_tirx.script import tirx as T


@T.function
def horner_cubic(X: T.Tensor((256,), T.float32), Y: T.Tensor((256,), T.float32)):
    for i in range(256):
        Y[i] = T.fma(T.fma(T.fma(X[i], 0.5, 0.25), X[i], 2.0), X[i], 1.0)
