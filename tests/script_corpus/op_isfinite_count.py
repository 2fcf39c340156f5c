from tvm_tirx.script import tirx as T


@T.function
def count_finite(X: T.Tensor((1024,), T.float32), Count: T.Tensor((1,), T.int32)):
    Count[0] = 0
    for i in range(1024):
        if T.isfinite(X[i]):
            Count[0] = Count[0] + 1
