from tvm_tirx.script import tirx as T


@T.function
def flip_horizontal(Image: T.Tensor((3, 128, 128), T.uint8), Flipped: T.Tensor((3, 128, 128), T.uint8)):
    for c, y, x in T.grid(3, 128, 128):
        Flipped[c, y, x] = Image[c, y, 127 - x]
