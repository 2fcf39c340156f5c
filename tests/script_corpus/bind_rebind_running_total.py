from tvm_tirx.script import tirx as T


@T.function
def running_total(A: T.Tensor((16,), T.int32), start: T.int32):
    total = start
    total = total + A[0]
    A[1] = total
