from tvm_tirx.script import tirx as T


@T.function
def widen_lanes(X: T.Tensor((64,), T.float16x4), Y: T.Tensor((64,), T.float32x4)):
    for i in range(64):
        Y[i] = T.Cast("float32x4", X[i])
