from tvm_tirx.script import tirx as T


@T.prim_func
def row_sums_of_tiles(Flat: T.Buffer((64,), "float32"), RowSum: T.Buffer((8,), "float32")):
    with T.decl_buffer((8, 8), "float32", data=Flat.data) as Tiles:
        for row in range(8):
            RowSum[row] = T.float32(0)
            for col in range(8):
                RowSum[row] = RowSum[row] + Tiles[row, col]
