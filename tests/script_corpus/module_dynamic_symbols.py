from tvm_tirx.script import tirx as T

batch = T.dynamic("batch")
features = T.dynamic("features")


@T.function
def add_bias(X: T.Tensor((batch, features), T.float32), bias: T.Tensor((features,), T.float32)):
    for b, f in T.grid(batch, features):
        X[b, f] = X[b, f] + bias[f]
