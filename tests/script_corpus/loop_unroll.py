from tvm_tirx.script import tirx as T


@T.function
def fir_four_taps(X: T.Tensor((259,), T.float32), W: T.Tensor((4,), T.float32), Y: T.Tensor((256,), T.float32)):
    for i in range(256):
        Y[i] = 0.0
        for k in T.unroll(4):
            Y[i] = Y[i] + W[k] * X[i + k]
