from tvm_tirx.script import tirx as T


@T.function
def nchw_to_nhwc(Src: T.Tensor((1, 64, 28, 28), T.float16), Dst: T.Tensor((1, 28, 28, 64), T.float16)):
    for n, h, w, c in T.grid(1, 28, 28, 64):
        Dst[n, h, w, c] = Src[n, c, h, w]
