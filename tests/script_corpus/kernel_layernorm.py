from tvm_tirx.script import tirx as T


@T.function
def layer_norm(X: T.Tensor((16, 768), T.float32), gamma: T.Tensor((768,), T.float32), beta: T.Tensor((768,), T.float32), Y: T.Tensor((16, 768), T.float32)):
    Stats = T.alloc_tensor(ty_args=[T.Tensor((16, 2), T.float32)])
    for r in range(16):
        Stats[r, 0] = 0.0
        Stats[r, 1] = 0.0
        for c in range(768):
            Stats[r, 0] = Stats[r, 0] + X[r, c]
            Stats[r, 1] = Stats[r, 1] + X[r, c] * X[r, c]
        mean = Stats[r, 0] / 768.0
        variance = Stats[r, 1] / 768.0 - mean * mean
        inv_std = T.rsqrt(variance + 1e-5)
        for c in range(768):
            Y[r, c] = (X[r, c] - mean) * inv_std * gamma[c] + beta[c]
