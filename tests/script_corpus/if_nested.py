from tvm_tirx.script import tirx as T


@T.function
def pad_image_border(Src: T.Tensor((30, 30), T.float32), Dst: T.Tensor((32, 32), T.float32)):
    for y, x in T.grid(32, 32):
        if 1 <= y and y <= 30:
            if 1 <= x and x <= 30:
                Dst[y, x] = Src[y - 1, x - 1]
            else:
                Dst[y, x] = 0.0
        else:
            Dst[y, x] = 0.0
