from tvm_tirx.script import tirx as T


@T.function
def log_gamma(X: T.Tensor((64,), T.float32), Y: T.Tensor((64,), T.float32)):
    for i in range(64):
        Y[i] = T.call_pure_extern("lgammaf", X[i], ty=T.float32)
