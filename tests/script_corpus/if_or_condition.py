from tvm_tirx.script import tirx as T


@T.function
def border_mask(Mask: T.Tensor((32, 32), T.int8)):
    for y, x in T.grid(32, 32):
        if y == 0 or x == 0 or y == 31 or x == 31:
            Mask[y, x] = T.int8(1)
        else:
            Mask[y, x] = T.int8(0)
