from tvm_tirx.script import tirx as T


@T.function
def softmax_rows(X: T.Tensor((32, 128), T.float32), Y: T.Tensor((32, 128), T.float32)):
    RowMax = T.alloc_tensor(ty_args=[T.Tensor((32,), T.float32)])
    RowSum = T.alloc_tensor(ty_args=[T.Tensor((32,), T.float32)])
    for r in T.parallel(32):
        RowMax[r] = T.float32("-inf")
        for c in range(128):
            RowMax[r] = T.max(RowMax[r], X[r, c])
        RowSum[r] = 0.0
        for c in range(128):
            Y[r, c] = T.exp(X[r, c] - RowMax[r])
            RowSum[r] = RowSum[r] + Y[r, c]
        for c in range(128):
            Y[r, c] = Y[r, c] / RowSum[r]
