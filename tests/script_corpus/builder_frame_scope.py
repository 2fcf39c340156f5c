from tvm_tirx.script import tirx as T


@T.function
def clear_tiles(Tiles: T.Tensor((4, 8), T.float32)):
    with T.frame_scope([T.serial(4), T.vectorized(8)]) as (row, lane):
        Tiles[row, lane] = T.float32(0)
