from tvm_tirx.script import tirx as T


@T.function
def blur_horizontal_then_vertical(Img: T.Tensor((64, 64), T.float32), Out: T.Tensor((62, 62), T.float32)):
    Tmp = T.alloc_tensor(ty_args=[T.Tensor((64, 62), T.float32, scope="local")])
    for y, x in T.grid(64, 62):
        Tmp[y, x] = (Img[y, x] + Img[y, x + 1] + Img[y, x + 2]) / 3.0
    for y, x in T.grid(62, 62):
        Out[y, x] = (Tmp[y, x] + Tmp[y + 1, x] + Tmp[y + 2, x]) / 3.0
