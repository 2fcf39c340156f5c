from tvm_tirx.script import tirx as T


@T.function
def sum_tiles_of_flat_buffer(Flat: T.Tensor((256,), T.float32), TileSums: T.Tensor((16,), T.float32)):
    Tiles = T.decl_tensor(Flat, ty_args=[T.Tensor((16, 16), T.float32)])
    for t in range(16):
        TileSums[t] = 0.0
        for k in range(16):
            TileSums[t] = TileSums[t] + Tiles[t, k]
