from tvm_tirx.script import tirx as T


@T.function
def gather_rows(src: T.Tensor((64, 16), T.float32), dst: T.Tensor((8, 16), T.float32),
                stride: T.int32):
    for r in range(8):
        row: T.let[T.int32] = r * stride
        first: T.let = stride
        for c in range(16):
            dst[r, c] = src[row + first, c]
