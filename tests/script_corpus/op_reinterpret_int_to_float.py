from tvm_tirx.script import tirx as T


@T.function
def bits_to_float(Bits: T.Tensor((128,), T.int32), Values: T.Tensor((128,), T.float32)):
    for i in range(128):
        Values[i] = T.reinterpret(Bits[i], ty=T.float32)
