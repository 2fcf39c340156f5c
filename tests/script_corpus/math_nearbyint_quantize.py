from tvm_tirx.script import tirx as T


@T.function
def quantize_levels(X: T.Tensor((64,), T.float32), Q: T.Tensor((64,), T.float32)):
    for i in range(64):
        Q[i] = T.nearbyint(X[i] * T.float32(8)) / T.float32(8)
