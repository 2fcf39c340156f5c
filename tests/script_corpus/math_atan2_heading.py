from tvm_tirx.script import tirx as T


@T.function
def heading_angle(Dx: T.Tensor((128,), T.float32), Dy: T.Tensor((128,), T.float32), Heading: T.Tensor((128,), T.float32)):
    for i in range(128):
        Heading[i] = T.atan2(Dy[i], Dx[i])
