from tvm_tirx.script import tirx as T


@T.prim_func
def gather_every_fourth(Src: T.Buffer((128,), "float32"), Dst: T.Buffer((32,), "float32")):
    stride = T.meta_var(4)
    for i in T.serial(32):
        Dst[i] = Src[i * stride]
