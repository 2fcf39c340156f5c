from tvm_tirx.script import tirx as T


@T.function
def copy_string_dtype(Src: T.Tensor((128,), "float16"), Dst: T.Tensor((128,), "float16")):
    for i in range(128):
        Dst[i] = Src[i]
