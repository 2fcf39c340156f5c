from tvm_tirx.script import tirx as T


@T.function
def load_four_lanes(Flat: T.Tensor((1024,), T.float32), Lanes: T.Tensor((256,), T.float32x4)):
    for i in range(256):
        Lanes[i] = Flat[T.Ramp(i * 4, 1, 4)]
