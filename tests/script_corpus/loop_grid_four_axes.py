from tvm_tirx.script import tirx as T


@T.function
def copy_nhwc(Src: T.Tensor((2, 8, 8, 16), T.int8), Dst: T.Tensor((2, 8, 8, 16), T.int8)):
    for n, h, w, c in T.grid(2, 8, 8, 16):
        Dst[n, h, w, c] = Src[n, h, w, c]
