from tvm_tirx.script import tirx as T


@T.function
def scale_shift_x4(X: T.Tensor((128,), T.float32x4), Y: T.Tensor((128,), T.float32x4), scale: T.float32, shift: T.float32):
    for i in range(128):
        Y[i] = X[i] * T.Broadcast(scale, 4) + T.Broadcast(shift, 4)
