from tvm_tirx.script import tirx as T


@T.function
def average_index(A: T.Tensor((16,), T.int32), n: T.int32):
    A[0] = n / 2
