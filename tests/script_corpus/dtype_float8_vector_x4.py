from tvm_tirx.script import tirx as T


@T.function
def copy_fp8x4(Src: T.Tensor((64,), T.float8_e4m3fnx4), Dst: T.Tensor((64,), T.float8_e4m3fnx4)):
    for i in range(64):
        Dst[i] = Src[i]
