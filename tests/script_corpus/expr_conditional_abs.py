from tvm_tirx.script import tirx as T


@T.function
def magnitude_or_clip(X: T.Tensor((64,), T.int32), Y: T.Tensor((64,), T.int32),
                      Clip: T.Tensor((64,), T.float32), limit: T.float32):
    for i in range(64):
        Y[i] = X[i] if X[i] >= 0 else -X[i]
        Clip[i] = limit if T.Cast("float32", X[i]) > limit else T.Cast("float32", X[i])
    Y[0] = X[0] if 64 > 32 else X[1]
