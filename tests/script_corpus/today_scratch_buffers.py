from tvm_tirx.script import tirx as T


@T.prim_func
def blur3(Src: T.Buffer((256,), "float32"), Dst: T.Buffer((256,), "float32")):
    Tmp = T.alloc_buffer((256,), "float32", scope="local")
    for i in T.serial(1, 255):
        Tmp[i] = (Src[i - 1] + Src[i] + Src[i + 1]) / T.float32(3)
    for i in T.serial(1, 255):
        Dst[i] = Tmp[i]
