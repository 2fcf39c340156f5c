from tvm_tirx.script import tirx as T


@T.function
def wide_offsets(A: T.Tensor((16,), T.int64), offset: T.int32):
    wide: T.let[T.int64] = offset * 2
    A[0] = wide
