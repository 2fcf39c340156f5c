from tvm_tirx.script import tirx as T


@T.function
def twin_bounds(A: T.Tensor((4,), T.int32), k: T.int32):
    lo = hi = k
    A[0] = lo
