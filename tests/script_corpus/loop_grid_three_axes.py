from tvm_tirx.script import tirx as T


@T.function
def batched_bias_add(X: T.Tensor((8, 16, 32), T.float32), bias: T.Tensor((32,), T.float32)):
    for b, s, c in T.grid(8, 16, 32):
        X[b, s, c] = X[b, s, c] + bias[c]
