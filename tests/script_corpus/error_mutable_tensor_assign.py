from tvm_tirx.script import tirx as T


@T.function
def reset_tile(Out: T.Tensor((4,), T.int32)):
    tile = T.alloc_tensor(ty_args=[T.Tensor((4,), T.int32, scope="local")])
    tile = 0
    Out[0] = tile[0]
