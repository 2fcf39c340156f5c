from tvm_tirx.script import tirx as T


@T.function
def skip_all(A: T.Tensor((16,), T.int32)):
    A[0] = 0
    continue
