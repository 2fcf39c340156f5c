from tvm_tirx.script import tirx as T


@T.prim_func
def interior_copy(Src: T.Buffer((128,), "int32"), Dst: T.Buffer((128,), "int32")):
    for i in T.serial(2, 126):
        Dst[i] = Src[i]
