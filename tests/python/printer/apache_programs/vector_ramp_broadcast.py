from tvm_tirx.script import tirx as T


@T.prim_func
def axpy_lanes(X: T.Buffer((64,), "float32"), Y: T.Buffer((64,), "float32"), alpha: T.float32):
    for chunk in range(16):
        Y[chunk * 4:chunk * 4 + 4] = X[T.Ramp(chunk * 4, 1, 4)] * T.Broadcast(alpha, 4) + Y[T.Ramp(chunk * 4, 1, 4)]
