from tvm_tirx.script import tirx as T


n = T.dynamic("n")


@T.function
def tile_counts(Sizes: T.Tensor((n,), T.int32), Tiles: T.Tensor((n,), T.int32)):
    for i in range(n):
        Tiles[i] = T.ceildiv(Sizes[i], 128)
