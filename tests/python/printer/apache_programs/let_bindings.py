from tvm_tirx.script import tirx as T


@T.prim_func
def strided_gather(Src: T.Buffer((1024,), "float32"), Dst: T.Buffer((64,), "float32"), stride: T.int32):
    for i in range(64):
        base: T.let[T.int32] = i * stride
        Dst[i] = Src[base % 1024]
