from tvm_tirx.script import tirx as T


@T.prim_func
def invert_image(Img: T.Buffer((3, 64, 64), "uint8"), Out: T.Buffer((3, 64, 64), "uint8")):
    for c, y, x in T.grid(3, 64, 64):
        Out[c, y, x] = T.uint8(255) - Img[c, y, x]
