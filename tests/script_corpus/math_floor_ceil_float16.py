from tvm_tirx.script import tirx as T


@T.function
def floor_ceil_half(X: T.Tensor((256,), T.float16), Lo: T.Tensor((256,), T.float16), Hi: T.Tensor((256,), T.float16)):
    for i in range(256):
        Lo[i] = T.floor(X[i])
        Hi[i] = T.ceil(X[i])
