from tvm_tirx.script import tirx as T


@T.function
def dequant_e5m2(Packed: T.Tensor((1024,), T.float8_e5m2), Scale: T.Tensor((1,), T.float32), Out: T.Tensor((1024,), T.float32)):
    for i in range(1024):
        Out[i] = T.Cast(T.float32, Packed[i]) * Scale[0]
