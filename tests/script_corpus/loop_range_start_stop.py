from tvm_tirx.script import tirx as T


@T.function
def adjacent_difference(A: T.Tensor((256,), T.int32), D: T.Tensor((256,), T.int32)):
    D[0] = A[0]
    for i in range(1, 256):
        D[i] = A[i] - A[i - 1]
