from tvm_tirx.script import tirx as T


@T.function
def copy_row(Src: T.Tensor((64,), T.float16), Dst: T.Tensor((64,), T.float16)):
    for j in T.serial(64):
        Dst[j] = Src[j]
