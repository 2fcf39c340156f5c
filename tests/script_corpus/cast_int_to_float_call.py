from tvm_tirx.script import tirx as T


@T.function
def normalize_bytes(Raw: T.Tensor((1024,), T.uint8), Norm: T.Tensor((1024,), T.float32)):
    for i in range(1024):
        Norm[i] = T.float32(Raw[i]) / 255.0
