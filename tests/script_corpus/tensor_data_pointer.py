from tvm_tirx.script import tirx as T


@T.function
def tile_view_and_clear(Flat: T.Tensor((64,), T.float32),
                        Scratch: T.Tensor((32,), T.int8, scope="shared")):
    Tiles = T.decl_tensor(Flat.data, ty_args=[T.Tensor((8, 8), T.float32)])
    Tiles[1, 2] = T.float32(0.5)
    T.call_extern("int32", "zero_bytes", Scratch.data, 32)
