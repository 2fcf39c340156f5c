from tvm_tirx.script import tirx as T


@T.function
def blur_row(src: T.Tensor((256,), T.float32), dst: T.Tensor((256,), T.float32)):
    tile = T.alloc_shared((258,), "float32")
    weights = T.alloc_local((3,), T.float32)
    weights[0] = T.float32(0.25)
    weights[1] = T.float32(0.5)
    weights[2] = T.float32(0.25)
    for i in range(256):
        tile[i + 1] = src[i]
    tile[0] = src[0]
    tile[257] = src[255]
    for j in range(256):
        dst[j] = tile[j] * weights[0] + tile[j + 1] * weights[1] + tile[j + 2] * weights[2]
