from tvm_tirx.script import tirx as T


@T.function
def uint32_high_bit(Words: T.Tensor((64,), T.uint32), Out: T.Tensor((64,), T.uint32)):
    for i in range(64):
        Out[i] = Words[i] | T.uint32(2147483648)
