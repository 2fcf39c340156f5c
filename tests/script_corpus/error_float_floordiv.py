from tvm_tirx.script import tirx as T


@T.function
def bin_values(X: T.Tensor((16,), T.float32), width: T.float32):
    for i in range(16):
        X[i] = X[i] // width
