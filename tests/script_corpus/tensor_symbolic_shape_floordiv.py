from tvm_tirx.script import tirx as T


n = T.dynamic("n")


@T.function
def downsample_half(Full: T.Tensor((n,), T.float32), Half: T.Tensor((n // 2,), T.float32)):
    for i in range(n // 2):
        Half[i] = Full[i * 2]
