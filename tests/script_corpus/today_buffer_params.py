from tvm_tirx.script import tirx as T


@T.prim_func
def scale_rows(Img: T.Buffer((64, 128), "float16"), Gain: T.Buffer((64,), "float16")):
    for row, col in T.grid(64, 128):
        Img[row, col] = Img[row, col] * Gain[row]
