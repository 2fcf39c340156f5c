from tvm_tirx.script import tirx as T


@T.function
def store_row_only(A: T.Tensor((4, 4), T.float32)):
    A[0] = 1.0
