from tvm_tirx.script import tirx as T


@T.function
def box_blur_3x3(Image: T.Tensor((66, 66), T.float32), Blurred: T.Tensor((64, 64), T.float32)):
    for y, x in T.grid(64, 64):
        Blurred[y, x] = 0.0
        for dy, dx in T.grid(3, 3):
            Blurred[y, x] = Blurred[y, x] + Image[y + dy, x + dx]
        Blurred[y, x] = Blurred[y, x] * 0.125
