from tvm_tirx.script import tirx as T


@T.function
def depth_to_meters(Depth: T.Tensor((480, 640), T.uint16), Meters: T.Tensor((480, 640), T.float32)):
    for y, x in T.grid(480, 640):
        Meters[y, x] = T.Cast(T.float32, Depth[y, x]) * 0.001
