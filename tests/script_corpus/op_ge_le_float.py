from tvm_tirx.script import tirx as T


@T.function
def in_unit_interval(X: T.Tensor((64,), T.float32), Inside: T.Tensor((64,), T.bool)):
    for i in range(64):
        Inside[i] = X[i] >= 0.0 and X[i] <= 1.0
