from tvm_tirx.script import tirx as T


@T.function
def sobel_x(Image: T.Tensor((66, 66), T.float32), Grad: T.Tensor((64, 64), T.float32)):
    for y, x in T.grid(64, 64):
        Grad[y, x] = Image[y, x + 2] - Image[y, x] + 2.0 * (Image[y + 1, x + 2] - Image[y + 1, x]) + Image[y + 2, x + 2] - Image[y + 2, x]
