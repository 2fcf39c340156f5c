from tvm_tirx.script import tirx as T


n = T.dynamic("n")


@T.function
def forward_difference(X: T.Tensor((n,), T.float32), D: T.Tensor((n,), T.float32)):
    for i in range(n - 1):
        D[i] = X[i + 1] - X[i]
