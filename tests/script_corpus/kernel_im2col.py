from tvm_tirx.script import tirx as T


@T.function
def im2col_3x3(Image: T.Tensor((4, 10, 10), T.float32), Columns: T.Tensor((36, 64), T.float32)):
    for c, ky, kx in T.grid(4, 3, 3):
        for oy, ox in T.grid(8, 8):
            Columns[c * 9 + ky * 3 + kx, oy * 8 + ox] = Image[c, oy + ky, ox + kx]
