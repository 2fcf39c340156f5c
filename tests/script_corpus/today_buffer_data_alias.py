from tvm_tirx.script import tirx as T


@T.prim_func
def transpose_tiles(Flat: T.Buffer((64,), "float32"), Out: T.Buffer((8, 8), "float32")):
    Tiles = T.decl_buffer((8, 8), "float32", data=Flat.data)
    for row, col in T.grid(8, 8):
        Out[col, row] = Tiles[row, col]
