from tvm_tirx.script import tirx as T


@T.function
def valid_depth_mask(Depth: T.Tensor((480, 640), T.float32), Hole: T.Tensor((480, 640), T.bool), Keep: T.Tensor((480, 640), T.bool), Valid: T.Tensor((480, 640), T.bool), near: T.float32, far: T.float32):
    for y, x in T.grid(480, 640):
        Valid[y, x] = (near <= Depth[y, x] and Depth[y, x] <= far and not Hole[y, x]) or Keep[y, x]
