from tvm_tirx.script import tirx as T


@T.function
def max_pool_2x2(Feature: T.Tensor((1, 16, 32, 32), T.float32), Pooled: T.Tensor((1, 16, 16, 16), T.float32)):
    for c, oy, ox in T.grid(16, 16, 16):
        Pooled[0, c, oy, ox] = Feature[0, c, oy * 2, ox * 2]
        for ky, kx in T.grid(2, 2):
            Pooled[0, c, oy, ox] = T.max(Pooled[0, c, oy, ox], Feature[0, c, oy * 2 + ky, ox * 2 + kx])
