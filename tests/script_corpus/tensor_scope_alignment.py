from tvm_tirx.script import tirx as T


@T.function
def stage_tile_to_shared(Global: T.Tensor((256,), T.float16), Tile: T.Tensor((256,), T.float16, scope="shared", data_alignment=16)):
    for tx in T.thread_binding(256, thread="threadIdx.x"):
        Tile[tx] = Global[tx]
