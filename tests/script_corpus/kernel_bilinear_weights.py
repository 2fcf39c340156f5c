from tvm_tirx.script import tirx as T


@T.function
def bilinear_blend(Tl: T.Tensor((64,), T.float32), Tr: T.Tensor((64,), T.float32), Bl: T.Tensor((64,), T.float32), Br: T.Tensor((64,), T.float32), Fx: T.Tensor((64,), T.float32), Fy: T.Tensor((64,), T.float32), Out: T.Tensor((64,), T.float32)):
    for i in range(64):
        Out[i] = (Tl[i] * (1.0 - Fx[i]) + Tr[i] * Fx[i]) * (1.0 - Fy[i]) + (Bl[i] * (1.0 - Fx[i]) + Br[i] * Fx[i]) * Fy[i]
