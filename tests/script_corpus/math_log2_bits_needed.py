from tvm_tirx.script import tirx as T


@T.function
def bits_needed(Magnitude: T.Tensor((64,), T.float32), Bits: T.Tensor((64,), T.float32)):
    for i in range(64):
        Bits[i] = T.ceil(T.log2(Magnitude[i] + 1.0))
