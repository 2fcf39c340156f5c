from tvm_tirx.script import tirx as T


batch = T.dynamic("batch")


@T.function
def add_bias_batched(X: T.Tensor((batch, 768), T.float16), Bias: T.Tensor((768,), T.float16), Y: T.Tensor((batch, 768), T.float16)):
    for b, d in T.grid(batch, 768):
        Y[b, d] = X[b, d] + Bias[d]
