from tvm_tirx.script import tirx as T


@T.function
def deinterleave_pairs(Src: T.Tensor((16,), T.float32x4), Even: T.Tensor((128,), T.float32), Rows: T.Tensor((16, 8), T.float32)):
    for v in range(16):
        Even[v * 8:v * 8 + 8:2] = Src[v]
        Rows[v, 0:4] = Src[v]
        Rows[v, T.Ramp(4, 1, 4)] = Src[v]
