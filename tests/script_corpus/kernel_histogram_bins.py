from tvm_tirx.script import tirx as T


@T.function
def byte_histogram(Pixels: T.Tensor((4096,), T.uint8), Counts: T.Tensor((256,), T.int32)):
    for b in range(256):
        Counts[b] = 0
    for i in range(4096):
        Counts[T.Cast(T.int32, Pixels[i])] = Counts[T.Cast(T.int32, Pixels[i])] + 1
