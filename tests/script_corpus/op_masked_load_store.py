from tvm_tirx.script import tirx as T


@T.function
def copy_first_lanes(Src: T.Tensor((16,), T.float32), Dst: T.Tensor((16,), T.float32), count: T.int32):
    for block in range(4):
        T.masked_store(Dst, T.masked_load(Src, T.Ramp(block * 4, 1, 4), T.Ramp(block * 4, 1, 4) < T.Broadcast(count, 4)), T.Ramp(block * 4, 1, 4), T.Ramp(block * 4, 1, 4) < T.Broadcast(count, 4))
