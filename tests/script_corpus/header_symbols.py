from tvm_tirx.script import tirx as T


@T.function
def transpose_dynamic[m, n: T.int64](A: T.Tensor((m, n), T.float32), B: T.Tensor((n, m), T.float32)):
    for i in range(m):
        for j in range(n):
            B[j, i] = A[i, j]
