from tvm_tirx.script import tirx as T


@T.function
def column_gather(M: T.Tensor((4096,), T.float16), Col: T.Tensor((64,), T.float16x8), ld: T.int32):
    for i in range(64):
        Col[i] = M[T.Ramp(i, ld, 8)]
