from tvm_tirx.script import tirx as T


@T.prim_func
def log_bucket_sizes(Sizes: T.Buffer((4,), "int32"), Scale: T.Buffer((4,), "float64")):
    Sizes[0] = T.cast(T.ceil(T.log2(T.cast(14, "float64"))), "int32")
    Sizes[1] = T.cast(3, "int32")
    for i in T.serial(4):
        Scale[i] = T.cast(Sizes[i], "float64") * T.cast(2, "float64")
