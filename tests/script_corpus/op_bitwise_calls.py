from tvm_tirx.script import tirx as T


@T.function
def mask_bits(Word: T.Tensor((64,), T.uint32), Mask: T.Tensor((64,), T.uint32), Out: T.Tensor((3, 64), T.uint32)):
    for i in range(64):
        Out[0, i] = T.bitwise_and(Word[i], Mask[i])
        Out[1, i] = T.bitwise_or(Word[i], Mask[i])
        Out[2, i] = T.bitwise_xor(Word[i], T.bitwise_not(Mask[i]))
