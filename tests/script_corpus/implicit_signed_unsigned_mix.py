from tvm_tirx.script import tirx as T


@T.function
def add_offset(A: T.Tensor((16,), T.int32), base: T.int32, offset: T.uint32):
    A[0] = base + offset
