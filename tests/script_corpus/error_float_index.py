from tvm_tirx.script import tirx as T


@T.function
def index_by_float(A: T.Tensor((4,), T.float32), x: T.float32):
    A[x] = 1.0
