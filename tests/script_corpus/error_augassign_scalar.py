from tvm_tirx.script import tirx as T


@T.function
def sum_into_scalar(A: T.Tensor((16,), T.int32), Out: T.Tensor((1,), T.int32)):
    acc = 0
    for i in range(16):
        acc += A[i]
    Out[0] = acc
