from tvm_tirx.script import tirx as T


@T.function
def invert_mask(Mask: T.Tensor((256,), T.uint8), Inverted: T.Tensor((256,), T.uint8)):
    for i in range(256):
        Inverted[i] = T.bitwise_not(Mask[i])
