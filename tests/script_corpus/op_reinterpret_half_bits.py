from tvm_tirx.script import tirx as T


@T.function
def half_bit_pattern(X: T.Tensor((64,), T.float16), Bits: T.Tensor((64,), T.int16)):
    for i in range(64):
        Bits[i] = T.reinterpret(X[i], ty=T.int16)
