from tvm_tirx.script import tirx as T


@T.prim_func
def double_width(Src: T.Buffer(("n",), "float16"), Dst: T.Buffer(("n * 2",), "float16")):
    for i in T.serial(4):
        Dst[i * 2] = Src[i]
        Dst[i * 2 + 1] = Src[i]
