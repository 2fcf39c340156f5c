from tvm_tirx.script import tirx as T


@T.function
def twin_bounds(A: T.Tensor((4,), T.int32), k: T.int32):
    lo = hi = k
    first = last = k + 1
    half = k // 2
    middle = half
    A[0] = lo
    A[1] = hi + first
    A[2] = last
    A[3] = middle
