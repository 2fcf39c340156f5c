from tvm_tirx.script import tirx as T


@T.function
def rotate_points(X: T.Tensor((64,), T.float32), Y: T.Tensor((64,), T.float32), Angle: T.Tensor((64,), T.float32), Rx: T.Tensor((64,), T.float32), Ry: T.Tensor((64,), T.float32)):
    for i in range(64):
        Rx[i] = X[i] * T.cos(Angle[i]) - Y[i] * T.sin(Angle[i])
        Ry[i] = X[i] * T.sin(Angle[i]) + Y[i] * T.cos(Angle[i])
