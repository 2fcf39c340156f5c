from tvm_tirx.script import tirx as T


@T.function
def saturate_to_uint8(Acc: T.Tensor((1024,), T.int32), Pixels: T.Tensor((1024,), T.uint8)):
    for i in range(1024):
        Pixels[i] = T.Cast("uint8", T.min(T.max(Acc[i], 0), 255))
