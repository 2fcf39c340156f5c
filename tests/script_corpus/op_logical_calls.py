from tvm_tirx.script import tirx as T


@T.function
def edge_mask(A: T.Tensor((8,), T.int32), n: T.int32):
    for i in range(8):
        A[i] = T.select(T.logical_and(i < n, T.logical_not(i == 2), i > 0), A[i], 0)
        if T.logical_or(i == 0, i == 7):
            A[i] = 1
