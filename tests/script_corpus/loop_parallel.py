from tvm_tirx.script import tirx as T


@T.function
def scale_rows(X: T.Tensor((32, 256), T.float32), row_scale: T.Tensor((32,), T.float32)):
    for r in T.parallel(32):
        for c in range(256):
            X[r, c] = X[r, c] * row_scale[r]
