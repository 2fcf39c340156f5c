from tvm_tirx.script import tirx as T


@T.function
def scaled_axpy(alpha: T.float32, shift: T.int32, X: T.Tensor((256,), T.float32), Y: T.Tensor((256,), T.float32)):
    for i in range(256):
        Y[i] = T.ldexp(T.fma(alpha, X[i], Y[i]), shift)
