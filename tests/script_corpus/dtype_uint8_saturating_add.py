from tvm_tirx.script import tirx as T


@T.function
def brighten(Pixels: T.Tensor((256, 256), T.uint8), Out: T.Tensor((256, 256), T.uint8)):
    for y, x in T.grid(256, 256):
        Out[y, x] = T.Select(Pixels[y, x] > T.uint8(215), T.uint8(255), Pixels[y, x] + T.uint8(40))
