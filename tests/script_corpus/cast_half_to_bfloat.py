from tvm_tirx.script import tirx as T


@T.function
def half_to_bfloat(Src: T.Tensor((2048,), T.float16), Dst: T.Tensor((2048,), T.bfloat16)):
    for i in range(2048):
        Dst[i] = T.Cast(T.bfloat16, Src[i])
