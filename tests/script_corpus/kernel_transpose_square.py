from tvm_tirx.script import tirx as T


@T.function
def transpose_128(Src: T.Tensor((128, 128), T.float16), Dst: T.Tensor((128, 128), T.float16)):
    for row in range(128):
        for col in range(128):
            Dst[col, row] = Src[row, col]
