from tvm_tirx.script import tirx as T


@T.function
def rms_scale(Sq: T.Tensor((32,), T.float32), X: T.Tensor((32, 768), T.float32), Y: T.Tensor((32, 768), T.float32)):
    for t, d in T.grid(32, 768):
        Y[t, d] = X[t, d] * T.rsqrt(Sq[t] / 768.0 + 0.0625)
