from tvm_tirx.script import tirx as T


@T.function
def widen_offset(A: T.Tensor((16,), T.int64), offset: T.int32):
    wide: T.int64 = offset
    A[0] = wide
