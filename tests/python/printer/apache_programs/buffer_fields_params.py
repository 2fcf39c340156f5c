from tvm_tirx.script import tirx as T


@T.prim_func
def copy_window(Src: T.Buffer((16, 32), "float16", strides=(64, 1), scope="global"), Dst: T.Buffer((16, 32), "float16", align=32)):
    for r, c in T.grid(16, 32):
        Dst[r, c] = Src[r, c]
