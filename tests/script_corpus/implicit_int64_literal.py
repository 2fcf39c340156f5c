from tvm_tirx.script import tirx as T


@T.function
def add_huge_offset(A: T.Tensor((4,), T.int32), k: T.int32):
    A[0] = k + 4294967296
