from tvm_tirx.script import tirx as T


@T.function
def rotary_angles(Theta: T.Tensor((64,), T.float32), Cos: T.Tensor((64,), T.float32), Sin: T.Tensor((64,), T.float32), Slope: T.Tensor((64,), T.float32)):
    for i in range(64):
        Cos[i] = T.cos(Theta[i])
        Sin[i] = T.sin(Theta[i])
        Slope[i] = T.tan(Theta[i])
