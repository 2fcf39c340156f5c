from tvm_tirx.script import tirx as T


@T.function
def saturate_int16(Wide: T.Tensor((256,), T.int32), Narrow: T.Tensor((256,), T.int16)):
    for i in range(256):
        Narrow[i] = T.Cast(T.int16, T.min(Wide[i], T.Cast(T.int32, T.max_value(ty=T.int16))))
