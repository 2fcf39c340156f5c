from tvm_tirx.script import tirx as T


@T.function
def copy_with_tail(n: T.int32, Src: T.Tensor((256,), T.float16), Dst: T.Tensor((256,), T.float16)):
    for i in range(256):
        if T.likely(i < n):
            Dst[i] = Src[i]
