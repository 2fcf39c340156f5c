from tvm_tirx.script import tirx as T


@T.function
def float_bit_pattern(Values: T.Tensor((64,), T.float32), Bits: T.Tensor((64,), T.uint32)):
    for i in range(64):
        Bits[i] = T.reinterpret(Values[i], ty=T.uint32)
