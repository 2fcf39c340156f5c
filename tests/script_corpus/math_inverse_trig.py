from tvm_tirx.script import tirx as T


@T.function
def polar_angles(X: T.Tensor((128,), T.float32), Y: T.Tensor((128,), T.float32),
                 Angle: T.Tensor((128,), T.float32), Slope: T.Tensor((128,), T.float32)):
    for i in range(128):
        Angle[i] = T.acos(T.min(T.max(X[i], T.float32(-1)), T.float32(1)))
        Slope[i] = T.atan(Y[i]) + T.asin(T.min(T.max(Y[i], T.float32(-1)), T.float32(1)))
