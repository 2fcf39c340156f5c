from tvm_tirx.script import tirx as T


@T.function
def rgb_to_gray(Rgb: T.Tensor((240, 320, 3), T.uint8), Gray: T.Tensor((240, 320), T.uint8)):
    for y, x in T.grid(240, 320):
        weighted = T.Cast("uint32", Rgb[y, x, 0]) * T.uint32(77) + T.Cast("uint32", Rgb[y, x, 1]) * T.uint32(150) + T.Cast("uint32", Rgb[y, x, 2]) * T.uint32(29)
        Gray[y, x] = T.Cast("uint8", weighted // T.uint32(256))
