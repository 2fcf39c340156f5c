from tvm_tirx.script import tirx as T


@T.function
def align_signs(Magnitude: T.Tensor((64,), T.float32), Sign: T.Tensor((64,), T.float32), Out: T.Tensor((64,), T.float32)):
    for i in range(64):
        Out[i] = T.copysign(Magnitude[i], Sign[i])
