from tvm_tirx.script import tirx as T


@T.function
def clear_prefix(A: T.Tensor((8,), T.int32)):
    A[0:4] = 0
