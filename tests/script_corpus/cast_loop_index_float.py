from tvm_tirx.script import tirx as T


@T.function
def position_ramp(Pos: T.Tensor((512,), T.float32)):
    for i in range(512):
        Pos[i] = T.Cast(T.float32, i) / 512.0
