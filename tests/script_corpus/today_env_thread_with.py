from tvm_tirx.script import tirx as T


@T.prim_func
def zero_tiles(Tiles: T.Buffer((8, 32), "float32")):
    tile = T.env_thread("blockIdx.x")
    lane = T.env_thread("threadIdx.x")
    with T.launch_thread(tile, 8):
        with T.launch_thread(lane, 32):
            Tiles[tile, lane] = T.float32(0)
