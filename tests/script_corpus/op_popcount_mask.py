from tvm_tirx.script import tirx as T


@T.function
def active_lanes(Mask: T.Tensor((32,), T.uint32), Count: T.Tensor((32,), T.uint32)):
    for i in range(32):
        Count[i] = T.popcount(Mask[i])
