from tvm_tirx.script import tirx as T


@T.function
def parity_bits(Words: T.Tensor((128,), T.uint32), Parity: T.Tensor((128,), T.uint32)):
    for i in range(128):
        Parity[i] = T.popcount(Words[i]) & T.uint32(1)
