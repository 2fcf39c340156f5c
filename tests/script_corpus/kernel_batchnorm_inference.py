from tvm_tirx.script import tirx as T


@T.function
def batchnorm_inference(X: T.Tensor((4, 32, 8, 8), T.float32), Mean: T.Tensor((32,), T.float32), Var: T.Tensor((32,), T.float32), Gamma: T.Tensor((32,), T.float32), Beta: T.Tensor((32,), T.float32), Y: T.Tensor((4, 32, 8, 8), T.float32)):
    for n, c, h, w in T.grid(4, 32, 8, 8):
        Y[n, c, h, w] = (X[n, c, h, w] - Mean[c]) * T.rsqrt(Var[c] + 0.001) * Gamma[c] + Beta[c]
